import clsx from 'clsx';
import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import type { Site } from '../../lib/site/site';
import { siteLinks } from '../../lib/site/site-links';
import { brandVariables } from '../../lib/site/brand';
import { Skeleton } from '../../ui/Skeleton';
import { useDocumentBrand } from '../../ui/use-document-brand';
import styles from './AuthCard.module.css';

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
    <AuthFrame
      style={tenant ? (brandVariables(tenant) as CSSProperties) : undefined}
      after={
        <>
          {footer && <div className={styles.footer}>{footer}</div>}
          {site && <LegalLinks site={site} />}
        </>
      }
    >
      {site && (
        <div className={styles.brand}>
          {site.logo_url ? (
            <img src={site.logo_url} alt={site.name} className={styles.logo} />
          ) : (
            <span className={styles.brandName}>{site.name}</span>
          )}
        </div>
      )}
      <AuthTitle>{title}</AuthTitle>
      {description && <p className={styles.description}>{description}</p>}
      {children}
    </AuthFrame>
  );
}

/** The page and its centred card, for a public page that sets its own title (onboarding's steps). */
export function AuthFrame({
  children,
  cardClassName,
  style,
  after,
}: {
  children: ReactNode;
  /** Widens or otherwise shapes the card. */
  cardClassName?: string;
  style?: CSSProperties;
  /** What stands under the card. */
  after?: ReactNode;
}) {
  return (
    <main className={clsx(styles.page, 'brand-scope')} style={style}>
      <div className={clsx(styles.card, cardClassName)}>{children}</div>
      {after}
    </main>
  );
}

/** The card's heading. */
export function AuthTitle({ children }: { children: ReactNode }) {
  return <h1 className={styles.title}>{children}</h1>;
}

/** The site's support address and legal pages, each only when it has one. */
function LegalLinks({ site }: { site: Site }) {
  const links = siteLinks(site);
  if (links.length === 0) return null;
  return (
    <nav className={styles.legal} aria-label="Support and legal">
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

/** A sentence centred in the card, between or instead of its fields. */
export function AuthNote(props: Omit<ComponentProps<'p'>, 'className'>) {
  return <p className={styles.note} {...props} />;
}

/** An action at the end of its own line, under the field it is about (Forgot Password?). */
export function AuthRowEnd({ children }: { children: ReactNode }) {
  return <div className={styles.rowEnd}>{children}</div>;
}

/** Field-shaped placeholders while what the card's form needs is loading; `label` names what. */
export function AuthLoading({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status" aria-label={label}>
      <Skeleton height={40} />
      <Skeleton height={40} />
      <Skeleton height={40} />
    </div>
  );
}
