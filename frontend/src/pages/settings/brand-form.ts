import type { TenantConfig } from '../../api/types';

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

const HEX = /^#[0-9a-f]{6}$/i;
const URL_SHAPE = /^https?:\/\/\S+\.\S+$/i;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field errors shown next to each input; the server checks the same rules again. */
export function brandErrors(values: BrandValues): Partial<Record<keyof BrandValues, string>> {
  const errors: Partial<Record<keyof BrandValues, string>> = {};
  if (!values.name.trim()) errors.name = 'Workspace name cannot be empty.';
  if (values.support_email.trim() && !EMAIL_SHAPE.test(values.support_email.trim()))
    errors.support_email = 'Enter a valid email address.';
  for (const key of ['primary_color', 'secondary_color'] as const) {
    if (values[key].trim() && !HEX.test(values[key].trim())) errors[key] = 'Use a colour such as #2563EB.';
  }
  for (const key of ['privacy_url', 'terms_url'] as const) {
    if (values[key].trim() && !URL_SHAPE.test(values[key].trim()))
      errors[key] = 'Use a web address starting with https://.';
  }
  return errors;
}

/** Only what changed, with cleared fields sent as null. */
export function brandChanges(initial: BrandValues, values: BrandValues): Record<string, string | null> {
  const changes: Record<string, string | null> = {};
  for (const key of BRAND_FIELDS) {
    const next = values[key].trim();
    if (next !== initial[key].trim()) changes[key] = next === '' && key !== 'name' ? null : next;
  }
  return changes;
}
