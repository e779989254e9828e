import { Outlet } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import { useDocumentBrand } from './use-document-brand';
import { useSignOut } from './use-sign-out';

const ENVIRONMENT = import.meta.env.PROD ? 'PROD' : 'DEV';

/** The platform console: Portico's own neutral look, apart from any tenant's brand. */
export function SuperShell() {
  const signOut = useSignOut();
  useDocumentBrand('Portico Console');
  return (
    <div className="console">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-topbar">
        <span className="console-wordmark">Portico Console</span>
        <span className="env-badge" title="Environment">
          {ENVIRONMENT}
        </span>
        <div className="topbar-spacer" />
        <button type="button" className="console-signout" onClick={() => void signOut()}>
          <LogOut size={16} aria-hidden />
          Sign Out
        </button>
      </header>
      <main id="main" className="console-content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
