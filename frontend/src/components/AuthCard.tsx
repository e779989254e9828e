import type { ReactNode } from 'react';

/** The centred card the public pages (sign in, sign up, reset, complete profile) sit in. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-title">{title}</h1>
        {description && <p className="auth-description">{description}</p>}
        {children}
      </div>
      {footer && <div className="auth-footer">{footer}</div>}
    </main>
  );
}
