import { PageHeader } from '../../ui/PageHeader';
import { useScope } from '../../lib/scope/scope-context';
import { DomainsSection } from './DomainsSection';
import { EmailSection } from './EmailSection';
import { FeaturesSection } from './FeaturesSection';
import { InboxEmailSection } from './InboxEmailSection';
import { MessageEmailSection } from './MessageEmailSection';
import { MessageRetentionSection } from './MessageRetentionSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { TwoFactorSection } from '../auth';
import { RoleTypesSection } from './RoleTypesSection';
import { SecurityActivitySection } from './SecurityActivitySection';
import { SignInSection } from './SignInSection';
import { SsoSection } from './SsoSection';
import { WorkspaceSection } from './WorkspaceSection';
import { Page } from '../../ui/Page';

/** /dashboard/admin/settings and /admin/settings: the workspace, then the admin's own account. */
export function AdminSettingsPage() {
  const { activeTenantId } = useScope();
  return (
    <Page>
      <PageHeader
        title="Settings"
        description="Workspace branding, domains, roles and security activity, and your own account."
      />
      {activeTenantId && <WorkspaceSection tenantId={activeTenantId} />}
      {activeTenantId && <FeaturesSection tenantId={activeTenantId} />}
      {activeTenantId && <SignInSection tenantId={activeTenantId} />}
      {activeTenantId && <SsoSection tenantId={activeTenantId} />}
      {activeTenantId && <MessageRetentionSection tenantId={activeTenantId} />}
      <DomainsSection tenantId={activeTenantId} />
      <ProfileSection />
      {activeTenantId && <MessageEmailSection tenantId={activeTenantId} />}
      {activeTenantId && <InboxEmailSection tenantId={activeTenantId} />}
      {activeTenantId && <RoleTypesSection tenantId={activeTenantId} />}
      {activeTenantId && <SecurityActivitySection tenantId={activeTenantId} />}
      <PasswordSection />
      <EmailSection />
      <TwoFactorSection />
    </Page>
  );
}
