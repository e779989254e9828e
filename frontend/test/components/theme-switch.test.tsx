import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeSwitch } from '../../src/app/shells/ThemeSwitch';
import { THEME_STORAGE_KEY } from '../../src/lib/theme/theme';
import { useDocumentTheme } from '../../src/lib/theme/use-theme';

/** A `prefers-color-scheme: dark` query the test turns on and off, as the system's setting would. */
function fakeSystemScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    set(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function App() {
  useDocumentTheme();
  return <ThemeSwitch />;
}

const theme = () => document.documentElement.dataset.theme;

describe('the theme switch', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    delete document.documentElement.dataset.theme;
  });

  it('follows the system by default, live', () => {
    const system = fakeSystemScheme(false);
    render(<App />);
    expect((screen.getByRole('radio', { name: 'System' }) as HTMLInputElement).checked).toBe(true);
    expect(theme()).toBe('light');
    system.set(true);
    expect(theme()).toBe('dark');
    system.set(false);
    expect(theme()).toBe('light');
  });

  it('remembers a choice, which then wins over the system', async () => {
    const system = fakeSystemScheme(true);
    const { unmount } = render(<App />);
    await userEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(theme()).toBe('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    system.set(false);
    system.set(true);
    expect(theme()).toBe('light');

    unmount();
    render(<App />);
    expect((screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true);
    expect(theme()).toBe('light');
  });

  it('is a radio group the arrow keys move through; System forgets the choice', async () => {
    fakeSystemScheme(false);
    render(<App />);
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(theme()).toBe('dark');
    await userEvent.keyboard('{ArrowLeft}');
    expect((screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true);
    expect(theme()).toBe('light');
    await userEvent.click(screen.getByRole('radio', { name: 'System' }));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(theme()).toBe('light');
  });
});
