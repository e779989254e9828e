import { AppWindow } from 'lucide-react';
import { useVisibleEmbeds } from '../embeds';
import { useScope } from '../../lib/scope/scope-context';
import { AssignedList } from './AssignedList';

/** The member dashboard's Pages: the embeds assigned to this member, each with Open Tool (tenant-portal §2). */
export function AssignedPagesCard({ tenantId }: { tenantId: string }) {
  const { tenantPath } = useScope();
  const embeds = useVisibleEmbeds(tenantId);
  return (
    <AssignedList
      id="assigned-pages-title"
      title="Pages"
      description="Tools your team shares with you."
      list={embeds}
      items={(embeds.data ?? []).map((embed) => ({
        id: embed.id,
        title: embed.title,
        description: embed.description ?? embed.provider_label,
        to: tenantPath(`/embed/${embed.id}`),
        action: 'Open Tool',
        actionLabel: `Open Tool: ${embed.title}`,
      }))}
      loadingLabel="Loading pages"
      failedMessage="Failed to load your pages"
      empty={{ icon: AppWindow, message: 'No pages assigned yet.' }}
    />
  );
}
