import { ChooseTenant } from '../../components/ChooseTenant';
import { PageHeader } from '../../components/PageHeader';
import { useScope } from '../../scope/scope-context';
import { EmbedForm } from './EmbedForm';
import { EmbedList } from './EmbedList';

/** /admin-embeds (tenant-portal §2 Embeds, DECISIONS §4). */
export function EmbedManagerPage() {
  const { activeTenantId } = useScope();
  return (
    <div className="page">
      <PageHeader
        title="Embed Manager"
        description="Tools your members open inside the portal: scheduling pages, documents and forms."
      />
      {activeTenantId ? (
        <>
          <EmbedForm tenantId={activeTenantId} />
          <EmbedList tenantId={activeTenantId} />
        </>
      ) : (
        <ChooseTenant message="Choose a tenant to manage its embeds." />
      )}
    </div>
  );
}
