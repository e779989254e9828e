import type { TenantConfig } from '../api/types';
import { luminance, readableAgainst } from '../theme/colour';

const DEFAULT_BRAND_PRIMARY = '#2563eb';
const DEFAULT_BRAND_SECONDARY = '#64748b';

/*
 * The darkest surface brand text sits on in each theme (tokens.css: --gray-100, a hovered or muted
 * row), so a brand colour that reaches AA there reaches it on every lighter surface too.
 */
const LIGHT_THEME_SURFACE = '#f1f5f9';
const DARK_THEME_SURFACE = '#17223a';

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function validHex(value: string | null | undefined): string | null {
  return value && HEX_COLOR.test(value.trim()) ? value.trim() : null;
}

/** Text colour that stays readable on the brand colour (white unless the brand is light). */
function readableOn(hex: string): string {
  return luminance(hex) > 0.4 ? '#111827' : '#ffffff';
}

/**
 * CSS variables for a tenant surface; a missing or malformed colour falls back to the default.
 * `--brand-text-light` / `--brand-text-dark` are the brand as text (links, the current page in the
 * menu), darkened or lightened until it reads at AA on that theme's surfaces; tokens.css sets
 * `--brand-text` to the one of the theme in use.
 */
export function brandVariables(
  config: Pick<TenantConfig, 'primary_color' | 'secondary_color'> | undefined,
): Record<string, string> {
  const primary = validHex(config?.primary_color) ?? DEFAULT_BRAND_PRIMARY;
  const secondary = validHex(config?.secondary_color) ?? DEFAULT_BRAND_SECONDARY;
  return {
    '--brand-primary': primary,
    '--brand-secondary': secondary,
    '--brand-on-primary': readableOn(primary),
    '--brand-text-light': readableAgainst(primary, LIGHT_THEME_SURFACE),
    '--brand-text-dark': readableAgainst(primary, DARK_THEME_SURFACE),
  };
}
