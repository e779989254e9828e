import { PageHeader } from '../../../ui/PageHeader';
import { TwoFactorSection } from './TwoFactorSection';

/** /account/security: anyone's own two-factor sign-in, super admins included (the account menu links it). */
export function AccountSecurityPage() {
  return (
    <div className="page">
      <PageHeader title="Security" description="How you sign in." />
      <TwoFactorSection />
    </div>
  );
}
