import { ClipboardList } from 'lucide-react';
import { FORM_MESSAGES } from '@portico/common';
import { useFormList, formPaths } from '../forms';
import { Badge } from '../../ui/Badge';
import { useScope } from '../../lib/scope/scope-context';
import { AssignedList } from './AssignedList';
import { assignedForms, DASHBOARD_FORMS_LIMIT } from './assigned-forms';

/** The member dashboard's Forms: the two newest forms assigned to this member's role, each with Open. */
export function AssignedFormsCard({ tenantId }: { tenantId: string }) {
  const { tenantPath, activeMembership } = useScope();
  const forms = useFormList(tenantId, { limit: DASHBOARD_FORMS_LIMIT });
  const shown = assignedForms(forms.data ?? [], activeMembership?.role ?? null);
  return (
    <AssignedList
      id="assigned-forms-title"
      title="Forms"
      description="Forms your team asks you to fill in."
      list={forms}
      items={shown.map((form) => ({
        id: form.id,
        title: form.title,
        badge: form.submitted && <Badge tone="green">Submitted</Badge>,
        description: form.description,
        to: tenantPath(formPaths.fill(form.id)),
        action: 'Open',
        actionLabel: `Open ${form.title}`,
      }))}
      loadingLabel="Loading forms"
      failedMessage={FORM_MESSAGES.loadFailed}
      empty={{ icon: ClipboardList, message: FORM_MESSAGES.empty }}
    />
  );
}
