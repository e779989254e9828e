import clsx from 'clsx';
import { NavLink } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '../../ui/Skeleton';
import styles from './Sidebar.module.css';

const linkClassName = ({ isActive }: { isActive: boolean }) => clsx(styles.link, isActive && styles.active);

export interface SidebarLink {
  to: string;
  label: string;
  icon: LucideIcon;
  /** A count beside the label (unread messages); none when 0. */
  badge?: number;
}

/** A titled group of links under the main ones (the Embedded Tools list). */
export interface SidebarSection {
  title: string;
  links: readonly SidebarLink[];
}

interface SidebarProps {
  id: string;
  /** Empty while the workspace is loading. */
  name: string;
  logoUrl: string | null;
  subtitle: string;
  links: readonly SidebarLink[];
  sections?: readonly SidebarSection[];
  open: boolean;
  onNavigate: () => void;
  onSignOut: () => void;
}

export function Sidebar({
  id,
  name,
  logoUrl,
  subtitle,
  links,
  sections = [],
  open,
  onNavigate,
  onSignOut,
}: SidebarProps) {
  return (
    <aside id={id} className={clsx(styles.sidebar, open && styles.open)} aria-label="Sidebar">
      <div className={styles.header}>
        {logoUrl ? (
          <img className={styles.logo} src={logoUrl} alt={name} />
        ) : (
          <span className={styles.monogram} aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className={styles.heading}>
          {name ? <p className={styles.name}>{name}</p> : <Skeleton width={120} height={14} />}
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
      </div>
      <nav className={styles.nav} aria-label="Main">
        {links.map(({ to, label, icon: Icon, badge }) => (
          <NavLink key={label} to={to} end className={linkClassName} onClick={onNavigate}>
            <Icon size={18} aria-hidden />
            {label}
            {badge ? (
              <span className={styles.badge}>
                {badge > 99 ? '99+' : badge}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </NavLink>
        ))}
      </nav>
      {sections
        .filter((section) => section.links.length > 0)
        .map((section) => (
          <nav key={section.title} className={clsx(styles.nav, styles.section)} aria-label={section.title}>
            <p className={styles.sectionTitle}>{section.title}</p>
            {section.links.map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} end className={linkClassName} onClick={onNavigate}>
                <Icon size={18} aria-hidden />
                <span className={styles.linkText}>{label}</span>
              </NavLink>
            ))}
          </nav>
        ))}
      <button type="button" className={styles.link} onClick={onSignOut}>
        <LogOut size={18} aria-hidden />
        Sign Out
      </button>
    </aside>
  );
}
