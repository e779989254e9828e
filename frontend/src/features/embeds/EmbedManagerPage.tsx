import { usePlatformSwitches } from '../integrations';
import { Alert } from '../../ui/Alert';
import { ChooseTenant } from '../../ui/ChooseTenant';
import { PageHeader } from '../../ui/PageHeader';
import { useScope } from '../../lib/scope/scope-context';
import { EmbedForm } from './EmbedForm';
import { Page } from '../../ui/Page';
import { EmbedList } from './EmbedList';

/** /admin-embeds (tenant-portal §2 Embeds, DECISIONS §4). */
export function EmbedManagerPage() {
  const { activeTenantId } = useScope();
  return (
    <Page>
      <PageHeader
        title="Embed Manager"
        description="Tools your members open inside the portal: scheduling pages, documents and forms."
      />
      {activeTenantId ? (
        <>
          <ToolsOffNotice tenantId={activeTenantId} />
          <EmbedForm tenantId={activeTenantId} />
          <EmbedList tenantId={activeTenantId} />
        </>
      ) : (
        <ChooseTenant message="Choose a tenant to manage its embeds." />
      )}
    </Page>
  );
}

/** Says which tools the platform turned off for the workspace: they cannot be added, and members do not see them. */
function ToolsOffNotice({ tenantId }: { tenantId: string }) {
  const switches = usePlatformSwitches(tenantId);
  const off = [switches.data?.google === false && 'Google', switches.data?.microsoft === false && 'Microsoft'].filter(
    Boolean,
  );
  if (off.length === 0) return null;
  return (
    <Alert tone="info">
      {off.join(' and ')} tools are turned off for this workspace by the platform: they cannot be added, and members do
      not see the ones listed here.
    </Alert>
  );
}
