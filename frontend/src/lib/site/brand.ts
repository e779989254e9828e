import type { TenantConfig } from '../api/types';

const DEFAULT_BRAND_PRIMARY = '#2563eb';
const DEFAULT_BRAND_SECONDARY = '#64748b';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function validHex(value: string | null | undefined): string | null {
  return value && HEX_COLOR.test(value.trim()) ? value.trim() : null;
}

function channels(hex: string): [number, number, number] {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text colour that stays readable on the brand colour (white unless the brand is light). */
function readableOn(hex: string): string {
  return luminance(hex) > 0.4 ? '#111827' : '#ffffff';
}

/** CSS variables for a tenant surface; a missing or malformed colour falls back to the default. */
export function brandVariables(
  config: Pick<TenantConfig, 'primary_color' | 'secondary_color'> | undefined,
): Record<string, string> {
  const primary = validHex(config?.primary_color) ?? DEFAULT_BRAND_PRIMARY;
  const secondary = validHex(config?.secondary_color) ?? DEFAULT_BRAND_SECONDARY;
  return { '--brand-primary': primary, '--brand-secondary': secondary, '--brand-on-primary': readableOn(primary) };
}
