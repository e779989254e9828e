import { Monitor, Moon, Sun } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTheme } from '../../lib/theme/use-theme';
import type { ThemeChoice } from '../../lib/theme/theme';
import styles from './UserMenu.module.css';

const OPTIONS: ReadonlyArray<{ choice: ThemeChoice; label: string; icon: LucideIcon }> = [
  { choice: 'system', label: 'System', icon: Monitor },
  { choice: 'light', label: 'Light', icon: Sun },
  { choice: 'dark', label: 'Dark', icon: Moon },
];

/** Theme: System / Light / Dark, as native radios so the arrow keys move between them. */
export function ThemeSwitch() {
  const { choice, setChoice } = useTheme();
  return (
    <fieldset className={styles.theme}>
      <legend className={styles.themeLegend}>Theme</legend>
      <div className={styles.themeOptions}>
        {OPTIONS.map(({ choice: option, label, icon: Icon }) => (
          <label key={option} className={styles.themeOption} title={label}>
            <input
              type="radio"
              name="theme"
              value={option}
              aria-label={label}
              checked={choice === option}
              onChange={() => setChoice(option)}
            />
            <Icon size={16} aria-hidden />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
