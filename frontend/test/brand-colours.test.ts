import { describe, expect, it } from 'vitest';
import { brandVariables } from '../src/lib/site/brand';
import { contrastRatio, readableAgainst } from '../src/lib/theme/colour';
import { resolveTheme, themeChoice } from '../src/lib/theme/theme';

const LIGHT_SURFACES = ['#ffffff', '#f8fafc', '#f1f5f9'];
const DARK_SURFACES = ['#0b1120', '#111a2e', '#17223a'];

describe('contrastRatio', () => {
  it('follows WCAG: black on white is 21, a colour on itself 1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#2563eb', '#2563eb')).toBe(1);
  });
});

describe('readableAgainst', () => {
  it('keeps a colour that already reads', () => {
    expect(readableAgainst('#1E3A8A', '#ffffff')).toBe('#1e3a8a');
  });

  it('darkens a pale colour on a light surface and lightens a dark one on a dark surface, only just enough', () => {
    const onLight = readableAgainst('#fde047', '#ffffff');
    expect(contrastRatio(onLight, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onLight, '#ffffff')).toBeLessThan(4.7);
    const onDark = readableAgainst('#1e3a8a', '#0b1120');
    expect(contrastRatio(onDark, '#0b1120')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(onDark, '#0b1120')).toBeLessThan(4.7);
  });
});

describe('brandVariables', () => {
  it.each(['#2563eb', '#1e3a8a', '#0b1120', '#fde047', '#ffffff', '#000000', '#22c55e', '#abc'])(
    'brand %s: its text colours reach AA on every surface of their theme',
    (primary) => {
      const variables = brandVariables({ primary_color: primary, secondary_color: null });
      for (const surface of LIGHT_SURFACES)
        expect(contrastRatio(variables['--brand-text-light']!, surface)).toBeGreaterThanOrEqual(4.5);
      for (const surface of DARK_SURFACES)
        expect(contrastRatio(variables['--brand-text-dark']!, surface)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('falls back to the default brand for a malformed colour', () => {
    const variables = brandVariables({ primary_color: 'red', secondary_color: '#12345' });
    expect(variables['--brand-primary']).toBe('#2563eb');
    expect(variables['--brand-secondary']).toBe('#64748b');
    expect(variables['--brand-on-primary']).toBe('#ffffff');
  });

  it('puts dark text on a light brand', () => {
    expect(brandVariables({ primary_color: '#fde047', secondary_color: null })['--brand-on-primary']).toBe('#111827');
  });
});

describe('theme choice', () => {
  it('is system unless light or dark is stored', () => {
    expect(themeChoice(null)).toBe('system');
    expect(themeChoice('sepia')).toBe('system');
    expect(themeChoice('dark')).toBe('dark');
  });

  it('follows the system only when the choice is system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
