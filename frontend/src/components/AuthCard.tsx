import type { CSSProperties, ReactNode } from 'react';
import type { Site } from '../api/billing';
import { brandVariables } from '../shells/brand';
import { useDocumentBrand } from '../shells/use-document-brand';

/**
 * The centred card the public pages (sign in, sign up, reset, complete profile) sit in. On a
 * workspace's own address (`site`) it wears that workspace's logo, name and colours.
 */
export function AuthCard({
  title,
  description,
  children,
  footer,
  site,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  site?: Site;
}) {
  const tenant = site?.kind === 'tenant' ? site : null;
  useDocumentBrand(site ? `${title} · ${site.name}` : null, site?.favicon_url ?? null);
  return (
    <main className="auth-page brand-scope" style={tenant ? (brandVariables(tenant) as CSSProperties) : undefined}>
      <div className="auth-card">
        {tenant && (
          <div className="auth-brand">
            {tenant.logo_url ? (
              <img src={tenant.logo_url} alt={tenant.name} className="auth-brand-logo" />
            ) : (
              <span className="auth-brand-name">{tenant.name}</span>
            )}
          </div>
        )}
        <h1 className="auth-title">{title}</h1>
        {description && <p className="auth-description">{description}</p>}
        {children}
      </div>
      {footer && <div className="auth-footer">{footer}</div>}
    </main>
  );
}
