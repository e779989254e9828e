/** Colour maths on #rrggbb / #rgb colours, after WCAG 2's definitions of luminance and contrast. */

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** `color` moved towards `target` by `amount` (0: unchanged, 1: the target), as #rrggbb. */
export function mix(color: string, target: string, amount: number): string {
  const to = channels(target);
  const mixed = channels(color).map((c, i) => Math.round(c + (to[i]! - c) * amount));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * `color` as text on `background`: unchanged when it already reaches `ratio`, else moved towards
 * black or white (whichever the background contrasts with more) just far enough to reach it.
 */
export function readableAgainst(color: string, background: string, ratio = AA_CONTRAST): string {
  if (contrastRatio(color, background) >= ratio) return color.toLowerCase();
  const target = contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
  // Contrast grows steadily along the mix, so halving the interval finds the smallest step that reaches it.
  let [low, high] = [0, 1];
  for (let i = 0; i < 12; i++) {
    const middle = (low + high) / 2;
    if (contrastRatio(mix(color, target, middle), background) >= ratio) high = middle;
    else low = middle;
  }
  return mix(color, target, high);
}
