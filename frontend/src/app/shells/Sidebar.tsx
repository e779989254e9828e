import { NavLink } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '../../ui/Skeleton';

export interface SidebarLink {
  to: string;
  label: string;
  icon: LucideIcon;
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
    <aside id={id} className={`sidebar ${open ? 'sidebar-open' : ''}`} aria-label="Sidebar">
      <div className="sidebar-header">
        {logoUrl ? (
          <img className="sidebar-logo" src={logoUrl} alt={name} />
        ) : (
          <span className="sidebar-monogram" aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="sidebar-heading">
          {name ? <p className="sidebar-name">{name}</p> : <Skeleton width={120} height={14} />}
          <p className="sidebar-subtitle">{subtitle}</p>
        </div>
      </div>
      <nav className="sidebar-nav" aria-label="Main">
        {links.map(({ to, label, icon: Icon }) => (
          <NavLink key={label} to={to} end className="nav-link" onClick={onNavigate}>
            <Icon size={18} aria-hidden />
            {label}
          </NavLink>
        ))}
      </nav>
      {sections
        .filter((section) => section.links.length > 0)
        .map((section) => (
          <nav key={section.title} className="sidebar-nav sidebar-section" aria-label={section.title}>
            <p className="sidebar-section-title">{section.title}</p>
            {section.links.map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} end className="nav-link" onClick={onNavigate}>
                <Icon size={18} aria-hidden />
                <span className="nav-link-text">{label}</span>
              </NavLink>
            ))}
          </nav>
        ))}
      <button type="button" className="nav-link sidebar-signout" onClick={onSignOut}>
        <LogOut size={18} aria-hidden />
        Sign Out
      </button>
    </aside>
  );
}
