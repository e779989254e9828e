/** What a person picks in the account menu; `system` follows the device's light or dark setting. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = 'light' | 'dark';

/** Read before the app loads by `public/theme.js` too, which sets the theme before the first paint. */
export const THEME_STORAGE_KEY = 'portico.theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** The stored choice, `system` when none (or one this version does not know) is stored. */
export function themeChoice(stored: string | null): ThemeChoice {
  return THEME_CHOICES.find((choice) => choice === stored) ?? 'system';
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}
