/** Tenant slug from a name: lowercase, runs of non-alphanumerics become one hyphen, trimmed of hyphens. */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** Why a workspace cannot be made from a name whose slug is shorter than two characters. */
export const NAME_GIVES_NO_SLUG = 'The tenant name needs at least two letters or digits to make its address.';

export const SUBDOMAIN_MAX_LENGTH = 63;
const SUBDOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]*[a-z0-9]$/;

/** platform-console §5: lowercased, trimmed, spaces → hyphens, other characters dropped, hyphens collapsed, cut at 63. */
export function normaliseSubdomain(input: string): string {
  return input
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .slice(0, SUBDOMAIN_MAX_LENGTH);
}

export function isValidSubdomain(value: string): boolean {
  return value.length >= 2 && value.length <= SUBDOMAIN_MAX_LENGTH && SUBDOMAIN_PATTERN.test(value);
}
