import { Link } from 'react-router-dom';
import { Building2 } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { useScope } from '../../scope/scope-context';
import { EmbedForm } from './EmbedForm';
import { EmbedList } from './EmbedList';

/** /admin-embeds (tenant-portal §2 Embeds, DECISIONS §4). */
export function EmbedManagerPage() {
  const { activeTenantId } = useScope();
  return (
    <div className="page">
      <PageHeader title="Embed Manager" description="Tools your members open inside the portal: scheduling pages, documents and forms." />
      {activeTenantId ? (
        <>
          <EmbedForm tenantId={activeTenantId} />
          <EmbedList tenantId={activeTenantId} />
        </>
      ) : (
        <EmptyState icon={Building2} message="Choose a tenant to manage its embeds.">
          <Link className="btn btn-secondary btn-sm" to="/super">
            Browse tenants
          </Link>
        </EmptyState>
      )}
    </div>
  );
}
