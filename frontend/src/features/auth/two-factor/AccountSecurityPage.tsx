import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { workspaceHome } from '../../../lib/session/post-sign-in';
import { useSession } from '../../../lib/session/session-context';
import { PageHeader } from '../../../ui/PageHeader';
import { Page } from '../../../ui/Page';
import { SignInMethodsSection } from './SignInMethodsSection';
import { TwoFactorSection } from './TwoFactorSection';
import styles from './AccountSecurityPage.module.css';

/** /account/security: anyone's own two-factor sign-in and linked sign-in providers, super admins included (the account menu links it). */
export function AccountSecurityPage() {
  const { pending, isSuperAdmin, memberships, membershipError } = useSession();
  return (
    <main id="main" className={styles.frame}>
      <Page>
        <Link className={styles.back} to={workspaceHome({ pending, isSuperAdmin, memberships, membershipError })}>
          <ArrowLeft size={16} aria-hidden /> Back to your workspace
        </Link>
        <PageHeader title="Security" description="How you sign in." />
        <TwoFactorSection />
        <SignInMethodsSection />
      </Page>
    </main>
  );
}
