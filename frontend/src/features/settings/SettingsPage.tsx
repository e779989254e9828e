import { PageHeader } from '../../ui/PageHeader';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { TwoFactorSection } from '../auth';
import { Page } from '../../ui/Page';

/** /settings: a member's own account. */
export function SettingsPage() {
  return (
    <Page>
      <PageHeader title="Settings" description="Your contact info, password and sign-in email." />
      <ProfileSection />
      <PasswordSection />
      <EmailSection />
      <TwoFactorSection />
    </Page>
  );
}
