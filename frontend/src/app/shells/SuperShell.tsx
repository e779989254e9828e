import clsx from 'clsx';
import { NavLink, Outlet } from 'react-router-dom';
import {
  Activity,
  Bell,
  Building2,
  CreditCard,
  Gauge,
  ListChecks,
  Plug,
  Rocket,
  ScrollText,
  SlidersHorizontal,
  UsersRound,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { DEFAULT_SETTINGS } from '@portico/common';
import { useSite } from '../../lib/site/site';
import { useOverview, LiveProvider, CommandPalette } from '../../features/console';
import { useLive } from '../../lib/live/live-context';
import { AnnouncementBanners } from '../../features/notifications';
import { useDocumentBrand } from '../../ui/use-document-brand';
import { useSignOut } from '../../lib/session/use-sign-out';
import { UserMenu } from './UserMenu';
import { InboxBell } from '../../features/inbox';
import topBar from './TopBar.module.css';
import styles from './SuperShell.module.css';

interface ConsoleLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** A real counter beside the link, with what it counts. */
  count?: { value: number; label: string };
}

const PLATFORM_DEFAULT_NAME = DEFAULT_SETTINGS.brand.appName;

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The platform console: the platform's own neutral look, apart from any tenant's brand. */
export function SuperShell() {
  return (
    <LiveProvider>
      <ConsoleFrame />
    </LiveProvider>
  );
}

function ConsoleFrame() {
  // The platform's name from Super Settings (Brand and Legal), as its sign-in page shows it.
  const site = useSite();
  const consoleName = `${site.data?.kind === 'platform' ? site.data.name : PLATFORM_DEFAULT_NAME} Console`;
  useDocumentBrand(consoleName);
  const signOut = useSignOut();
  const overview = useOverview();
  const { connected } = useLive();
  const failed = overview.data?.failedJobs ?? 0;
  const alerts = overview.data?.alerts.length ?? 0;
  const links: ConsoleLink[] = [
    { to: '/super', label: 'Mission Control', icon: Gauge, count: { value: alerts, label: 'active alerts' } },
    { to: '/super/tenants', label: 'Tenants and Domains', icon: Building2 },
    { to: '/super/billing', label: 'Billing', icon: CreditCard },
    { to: '/superadmin/user-management', label: 'User Management', icon: UsersRound },
    { to: '/super/health', label: 'App Health', icon: Activity },
    { to: '/super/jobs', label: 'Queues and Jobs', icon: ListChecks, count: { value: failed, label: 'failed jobs' } },
    { to: '/super/notifications', label: 'Notifications', icon: Bell },
    { to: '/super/integrations', label: 'Integrations', icon: Plug },
    { to: '/super/audit', label: 'Audit Logs', icon: ScrollText },
    { to: '/super/settings', label: 'Settings', icon: SlidersHorizontal },
    { to: '/super/onboarding-events', label: 'Onboarding Events', icon: Rocket },
  ];
  const environment = overview.data?.environment;

  return (
    <div className={clsx(styles.console, 'brand-scope')}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AnnouncementBanners tenantId={null} />
      <header className={clsx(topBar.topBar, styles.topbar)}>
        <span className={styles.wordmark}>{consoleName}</span>
        {environment && (
          <span
            className={clsx(styles.envBadge, environment === 'production' && styles.production)}
            title="Environment"
          >
            {environment === 'production' ? 'PROD' : environment.toUpperCase()}
          </span>
        )}
        <span className={clsx(styles.live, connected && styles.connected)} role="status">
          {connected ? 'Live' : 'Reconnecting… (refreshing every 30 s)'}
        </span>
        <div className={styles.spacer} />
        <kbd className={styles.paletteHint} title="Open the command palette">
          {isMac ? '⌘' : 'Ctrl'}+Shift+K
        </kbd>
        <InboxBell tenantId={null} />
        <UserMenu settingsPath="/super/settings" onSignOut={() => void signOut()} />
      </header>
      <div className={styles.body}>
        <nav className={styles.nav} aria-label="Console">
          {links.map(({ to, label, icon: Icon, count }) => (
            <NavLink key={to} to={to} end className={({ isActive }) => clsx(styles.navLink, isActive && styles.active)}>
              <Icon size={16} aria-hidden />
              <span>{label}</span>
              {count && count.value > 0 && (
                <span className={styles.count} aria-label={`${count.value} ${count.label}`}>
                  {count.value}
                </span>
              )}
            </NavLink>
          ))}
        </nav>
        <main id="main" className={styles.content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <CommandPalette />
    </div>
  );
}
