import clsx from 'clsx';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ChevronDown, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { useSession } from '../../lib/session/session-context';
import { ThemeSwitch } from './ThemeSwitch';
import { useDismiss } from '../../ui/use-dismiss';
import avatar from '../../ui/Avatar.module.css';
import menu from '../../ui/Menu.module.css';
import styles from './UserMenu.module.css';

function displayName(first: string | null | undefined, last: string | null | undefined, email: string): string {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name || email;
}

/** Account disclosure in the top bar: who is signed in, their settings, the theme, sign out. */
export function UserMenu({ settingsPath, onSignOut }: { settingsPath: string; onSignOut: () => void }) {
  const { user, profile } = useSession();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  if (!user) return null;
  const name = displayName(profile?.first_name, profile?.last_name, user.email);

  return (
    <div className={styles.menu} ref={rootRef}>
      <button
        type="button"
        className={styles.trigger}
        // A fixed name: the user's own name may match other controls ('Super Admin').
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className={avatar.avatar} aria-hidden>
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.name}>{name}</span>
        <ChevronDown size={16} aria-hidden />
      </button>
      {open && (
        <div className={clsx(menu.menu, styles.panel)} id={panelId}>
          <p className={styles.email}>{user.email}</p>
          <Link className={menu.item} to={settingsPath} onClick={() => setOpen(false)}>
            <Settings size={16} aria-hidden />
            Settings
          </Link>
          <Link className={menu.item} to="/account/security" onClick={() => setOpen(false)}>
            <ShieldCheck size={16} aria-hidden />
            Two-factor sign-in
          </Link>
          <ThemeSwitch />
          <button type="button" className={menu.item} onClick={onSignOut}>
            <LogOut size={16} aria-hidden />
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
