import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, FORM_FONTS } from '@portico/common';
import { asList, asRating, asText, toggleOption } from '../src/features/forms/form-view-answers';
import {
  buttonColours,
  contrastRatio,
  formBackground,
  formThemeVariables,
  tintOf,
} from '../src/features/forms/form-view-theme';

describe('form theme', () => {
  it('mixes a colour with white for the gradient tint', () => {
    expect(tintOf('#3B82F6', 0)).toBe('#3B82F6');
    expect(tintOf('#3B82F6', 1)).toBe('#FFFFFF');
    expect(tintOf('#000000', 0.5)).toBe('#808080');
  });

  it('paints a solid background, or a gradient from it to a tint of the primary colour', () => {
    expect(formBackground({ bg: '#F0F0F0', primary: '#3B82F6', variant: 'solid' })).toBe('#F0F0F0');
    expect(formBackground({ bg: '#F0F0F0', primary: '#000000', variant: 'gradient' })).toBe(
      'linear-gradient(160deg, #F0F0F0 0%, #D1D1D1 100%)',
    );
  });

  it('sets the font stack, the colours, and the primary as the brand of the form', () => {
    const vars = formThemeVariables({
      font: 'Georgia',
      primary: '#111111',
      secondary: '#222222',
      bg: '#FFFFFF',
      variant: 'solid',
    });
    expect(vars).toEqual({
      '--form-font': FORM_FONTS.Georgia,
      '--form-secondary': '#222222',
      '--form-background': '#FFFFFF',
      '--form-button': '#111111',
      '--form-button-hover': '#0F0F0F',
      '--form-on-button': '#FFFFFF',
      '--brand-primary': '#111111',
      '--brand-on-primary': '#FFFFFF',
    });
  });

  it('keeps button text readable (AA): dark on a light primary, else white on a shade of it', () => {
    expect(buttonColours('#FDE68A')).toEqual({ background: '#FDE68A', text: '#111827' });
    expect(buttonColours('#1D4ED8')).toEqual({ background: '#1D4ED8', text: '#FFFFFF' });
    const blue = buttonColours(DEFAULT_THEME.primary);
    expect(blue.text).toBe('#FFFFFF');
    expect(blue.background).not.toBe(DEFAULT_THEME.primary);
    expect(contrastRatio(blue.background, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21);
  });

  it('falls back to the defaults for a colour still being typed or an unknown font', () => {
    const vars = formThemeVariables({ font: 'Comic', primary: '#12', bg: 'red' });
    expect(vars['--form-font']).toBe(FORM_FONTS[DEFAULT_THEME.font]);
    expect(vars['--brand-primary']).toBe(DEFAULT_THEME.primary);
    expect(vars['--form-background']).toBe(DEFAULT_THEME.bg);
  });
});

describe('answers in controls', () => {
  it('shows an answer of the wrong shape as empty', () => {
    expect(asText(3)).toBe('');
    expect(asText('hi')).toBe('hi');
    expect(asList('Red')).toEqual([]);
    expect(asList(['Red'])).toEqual(['Red']);
    expect(asRating(6)).toBeNull();
    expect(asRating('3')).toBeNull();
    expect(asRating(3)).toBe(3);
  });

  it('toggles a checkbox option, keeping the order of the options', () => {
    const options = ['Red', 'Green', 'Blue'];
    expect(toggleOption(['Blue'], 'Red', options)).toEqual(['Red', 'Blue']);
    expect(toggleOption(['Red', 'Blue'], 'Red', options)).toEqual(['Blue']);
  });
});
