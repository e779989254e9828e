import type { CSSProperties, ReactNode } from 'react';
import type { Site } from '../api/billing';
import { brandVariables } from '../shells/brand';
import { useDocumentBrand } from '../shells/use-document-brand';

/**
 * The centred card the public pages (sign in, sign up, reset, complete profile) sit in. It wears
 * the brand of the address (`site`): a workspace's logo, name and colours on its own address, the
 * platform's logo and name (Super Settings) elsewhere; and the site's support and legal links.
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
        {site && (
          <div className="auth-brand">
            {site.logo_url ? (
              <img src={site.logo_url} alt={site.name} className="auth-brand-logo" />
            ) : (
              <span className="auth-brand-name">{site.name}</span>
            )}
          </div>
        )}
        <h1 className="auth-title">{title}</h1>
        {description && <p className="auth-description">{description}</p>}
        {children}
      </div>
      {footer && <div className="auth-footer">{footer}</div>}
      {site && <LegalLinks site={site} />}
    </main>
  );
}

/** The site's support address and privacy and terms links, each only when it has one. */
function LegalLinks({ site }: { site: Site }) {
  const links = [
    site.support_email && { label: 'Support', href: `mailto:${site.support_email}` },
    site.privacy_url && { label: 'Privacy', href: site.privacy_url },
    site.terms_url && { label: 'Terms', href: site.terms_url },
  ].filter((link): link is { label: string; href: string } => Boolean(link));
  if (links.length === 0) return null;
  return (
    <nav className="auth-legal" aria-label="Legal">
      {links.map((link) => (
        <a key={link.label} href={link.href}>
          {link.label}
        </a>
      ))}
    </nav>
  );
}
