import { PageHeader } from '../../ui/PageHeader';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { TwoFactorSection } from '../auth';

/** /settings: a member's own account. */
export function SettingsPage() {
  return (
    <div className="page">
      <PageHeader title="Settings" description="Your contact info, password and sign-in email." />
      <ProfileSection />
      <PasswordSection />
      <EmailSection />
      <TwoFactorSection />
    </div>
  );
}
