import type { CSSProperties, ReactNode } from 'react';
import type { Site } from '../../lib/site/site';
import { siteLinks } from '../../lib/site/site-links';
import { brandVariables } from '../../lib/site/brand';
import { useDocumentBrand } from '../../ui/use-document-brand';

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

/** The site's support address and legal pages, each only when it has one. */
function LegalLinks({ site }: { site: Site }) {
  const links = siteLinks(site);
  if (links.length === 0) return null;
  return (
    <nav className="auth-legal" aria-label="Support and legal">
      {links.map((link) => (
        <a
          key={link.label}
          href={link.href}
          target={link.external ? '_blank' : undefined}
          rel={link.external ? 'noreferrer' : undefined}
        >
          {link.label}
        </a>
      ))}
    </nav>
  );
}
