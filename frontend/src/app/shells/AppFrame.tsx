import clsx from 'clsx';
import { useEffect, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Menu } from 'lucide-react';
import type { TenantConfig } from '../../lib/api/types';
import { useScope } from '../../lib/scope/scope-context';
import { InboxBell } from '../../features/inbox';
import { AnnouncementBanners } from '../../features/notifications';
import { brandVariables } from '../../lib/site/brand';
import { Sidebar } from './Sidebar';
import type { SidebarLink, SidebarSection } from './Sidebar';
import { useDocumentBrand } from '../../ui/use-document-brand';
import { useSignOut } from '../../lib/session/use-sign-out';
import { UserMenu } from './UserMenu';
import { IconButton } from '../../ui/Button';
import topBar from './TopBar.module.css';
import styles from './AppFrame.module.css';

const SIDEBAR_ID = 'app-sidebar';

export interface AppFrameProps {
  config: TenantConfig | undefined;
  name: string;
  subtitle: string;
  links: readonly SidebarLink[];
  /** Titled link groups under the main links (Embedded Tools). */
  sections?: readonly SidebarSection[];
  settingsPath: string;
  /** Shown above the page content (the super admin's scope bar). */
  banner?: ReactNode;
  /** The top bar's search box, where the shell has one. */
  search?: ReactNode;
  children: ReactNode;
}

/** The tenant surface: branded sidebar, top bar with the user menu, page content. */
export function AppFrame({
  config,
  name,
  subtitle,
  links,
  sections,
  settingsPath,
  banner,
  search,
  children,
}: AppFrameProps) {
  const [navOpen, setNavOpen] = useState(false);
  const signOut = useSignOut();
  const { activeTenantId, activeMembership } = useScope();
  useDocumentBrand(name, config?.favicon_url ?? null);

  useEffect(() => {
    if (!navOpen) return;
    // The drawer covers the page on small screens, so keyboard users start inside it.
    document.getElementById(SIDEBAR_ID)?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setNavOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen]);

  return (
    <div className={clsx(styles.frame, 'brand-scope')} style={brandVariables(config) as CSSProperties}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Sidebar
        id={SIDEBAR_ID}
        name={name}
        logoUrl={config?.logo_url ?? null}
        subtitle={subtitle}
        links={links}
        sections={sections}
        open={navOpen}
        onNavigate={() => setNavOpen(false)}
        onSignOut={() => void signOut()}
      />
      {navOpen && <div className={styles.backdrop} aria-hidden onClick={() => setNavOpen(false)} />}
      <div className={styles.main}>
        <AnnouncementBanners tenantId={activeTenantId} />
        <header className={clsx(topBar.topBar, styles.topbar)}>
          <IconButton
            className={styles.navToggle}
            label="Open navigation"
            icon={Menu}
            aria-expanded={navOpen}
            aria-controls={SIDEBAR_ID}
            onClick={() => setNavOpen(true)}
          />
          {search}
          <div className={styles.spacer} />
          {/* A super admin visiting a workspace they are no member of has no inbox in it. */}
          {activeTenantId && activeMembership && <InboxBell tenantId={activeTenantId} />}
          <UserMenu settingsPath={settingsPath} onSignOut={() => void signOut()} />
        </header>
        {banner}
        <main id="main" className={styles.content} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
