import { DEFAULT_THEME, FORM_FONTS } from '@portico/common';
import type { FormTheme } from '@portico/common';

const HEX = /^#[0-9a-f]{6}$/i;
const WHITE = '#FFFFFF';
const BLACK = '#000000';
const DARK_TEXT = '#111827';

/** How much white goes into the tint of the primary colour a gradient background ends on. */
const GRADIENT_TINT_WHITE = 0.82;
/** How much black goes into a button's colour under the pointer. */
const HOVER_SHADE = 0.14;
/** WCAG AA for normal text. */
const AA_CONTRAST = 4.5;
/** Above this luminance a colour reads better with dark text than with white. */
const LIGHT_LUMINANCE = 0.4;

function hexOr(value: string | undefined, fallback: string): string {
  return value && HEX.test(value) ? value : fallback;
}

function channels(color: string): number[] {
  return [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
}

/** `color` moved towards `target` by `amount` (0: unchanged, 1: the target). */
function mix(color: string, target: string, amount: number): string {
  const to = channels(target);
  const mixed = channels(color).map((c, i) => Math.round(c + ((to[i] ?? c) - c) * amount));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** `color` mixed with white: `white` 0 is the colour itself, 1 is white. */
export function tintOf(color: string, white: number): string {
  return mix(color, WHITE, white);
}

/** WCAG relative luminance. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = channels(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Button colours from the primary colour with readable text (AA): dark text on a light primary;
 * otherwise white text on the primary, darkened only as much as it takes.
 */
export function buttonColours(primary: string): { background: string; text: string } {
  if (luminance(primary) > LIGHT_LUMINANCE) return { background: primary, text: DARK_TEXT };
  for (let step = 0; step <= 20; step++) {
    const background = mix(primary, BLACK, step * 0.05);
    if (contrastRatio(background, WHITE) >= AA_CONTRAST) return { background, text: WHITE };
  }
  return { background: BLACK, text: WHITE };
}

/** The page background of a form: its colour, or a gradient from it to a tint of the primary colour. */
export function formBackground(theme: Pick<FormTheme, 'bg' | 'primary' | 'variant'>): string {
  const bg = hexOr(theme.bg, DEFAULT_THEME.bg);
  if (theme.variant !== 'gradient') return bg;
  return `linear-gradient(160deg, ${bg} 0%, ${tintOf(hexOr(theme.primary, DEFAULT_THEME.primary), GRADIENT_TINT_WHITE)} 100%)`;
}

/**
 * CSS variables that theme a rendered form. The primary colour is also set as the brand colour
 * of the form's surface, so focus rings and checked controls inside it take it on. A colour the
 * builder is still typing falls back to the default rather than breaking the preview.
 */
export function formThemeVariables(theme: Partial<FormTheme>): Record<string, string> {
  const primary = hexOr(theme.primary, DEFAULT_THEME.primary);
  const button = buttonColours(primary);
  return {
    '--form-font': FORM_FONTS[theme.font ?? ''] ?? FORM_FONTS[DEFAULT_THEME.font] ?? 'system-ui, sans-serif',
    '--form-secondary': hexOr(theme.secondary, DEFAULT_THEME.secondary),
    '--form-background': formBackground({
      bg: theme.bg ?? DEFAULT_THEME.bg,
      primary,
      variant: theme.variant ?? DEFAULT_THEME.variant,
    }),
    '--form-button': button.background,
    '--form-button-hover': mix(button.background, BLACK, HOVER_SHADE),
    '--form-on-button': button.text,
    '--brand-primary': primary,
    '--brand-on-primary': button.text,
  };
}
