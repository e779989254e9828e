import { PageHeader } from '../../../ui/PageHeader';
import { SignInMethodsSection } from './SignInMethodsSection';
import { TwoFactorSection } from './TwoFactorSection';
import { Page } from '../../../ui/Page';

/** /account/security: anyone's own two-factor sign-in and linked sign-in providers, super admins included (the account menu links it). */
export function AccountSecurityPage() {
  return (
    <Page>
      <PageHeader title="Security" description="How you sign in." />
      <TwoFactorSection />
      <SignInMethodsSection />
    </Page>
  );
}
