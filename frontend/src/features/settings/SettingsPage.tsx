import { PageHeader } from '../../ui/PageHeader';
import { useScope } from '../../lib/scope/scope-context';
import { EmailSection } from './EmailSection';
import { InboxEmailSection } from './InboxEmailSection';
import { MessageEmailSection } from './MessageEmailSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { TwoFactorSection } from '../auth';
import { Page } from '../../ui/Page';

/** /settings: a member's own account. */
export function SettingsPage() {
  const { activeTenantId } = useScope();
  return (
    <Page>
      <PageHeader
        title="Settings"
        description="Your contact info, message and notification emails, password and sign-in email."
      />
      <ProfileSection />
      {activeTenantId && <MessageEmailSection tenantId={activeTenantId} />}
      {activeTenantId && <InboxEmailSection tenantId={activeTenantId} />}
      <PasswordSection />
      <EmailSection />
      <TwoFactorSection />
    </Page>
  );
}
