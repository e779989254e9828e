import type { TenantConfig } from '../../lib/api/types';

/** The Brand & Legal fields as the form edits them (empty text = not set). */
export interface BrandValues {
  name: string;
  support_email: string;
  primary_color: string;
  secondary_color: string;
  privacy_url: string;
  terms_url: string;
}

export const BRAND_FIELDS = [
  'name',
  'support_email',
  'primary_color',
  'secondary_color',
  'privacy_url',
  'terms_url',
] as const;

export function brandValues(config: TenantConfig): BrandValues {
  return {
    name: config.name,
    support_email: config.support_email ?? '',
    primary_color: config.primary_color ?? '',
    secondary_color: config.secondary_color ?? '',
    privacy_url: config.privacy_url ?? '',
    terms_url: config.terms_url ?? '',
  };
}
