import { useLayoutEffect, useSyncExternalStore } from 'react';
import { localStore, useStoredValue } from '../local-store';
import { DARK_SCHEME_QUERY, resolveTheme, THEME_STORAGE_KEY, themeChoice } from './theme';
import type { Theme, ThemeChoice } from './theme';

function subscribeToSystemScheme(onChange: () => void) {
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const systemPrefersDark = () => window.matchMedia(DARK_SCHEME_QUERY).matches;

/** The person's theme choice (remembered on this device) and the theme it gives now. */
export function useTheme(): { choice: ThemeChoice; theme: Theme; setChoice: (choice: ThemeChoice) => void } {
  const choice = themeChoice(useStoredValue(THEME_STORAGE_KEY));
  const prefersDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark, () => false);
  return {
    choice,
    theme: resolveTheme(choice, prefersDark),
    // `system` is the default, so choosing it forgets the choice rather than storing it.
    setChoice: (next) => localStore.set(THEME_STORAGE_KEY, next === 'system' ? null : next),
  };
}

/** Keeps `data-theme` on <html> on the current theme, which tokens.css reads; mounted once, at the root. */
export function useDocumentTheme(): void {
  const { theme } = useTheme();
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
