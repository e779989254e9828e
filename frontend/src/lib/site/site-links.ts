import type { Site } from './site';

export interface SiteLink {
  href: string;
  label: string;
  /** Opens in a new tab (not for mailto:). */
  external: boolean;
}

/** A site's support address and legal pages (Super Settings or the workspace's brand); an empty one is left out. */
export function siteLinks(site: Pick<Site, 'support_email' | 'privacy_url' | 'terms_url'>): SiteLink[] {
  return [
    site.support_email && { href: `mailto:${site.support_email}`, label: 'Contact support', external: false },
    site.privacy_url && { href: site.privacy_url, label: 'Privacy policy', external: true },
    site.terms_url && { href: site.terms_url, label: 'Terms of service', external: true },
  ].filter((link): link is SiteLink => Boolean(link));
}
