import { toast } from 'sonner';
import type { FormSummary } from '@portico/common';
import { useDeleteForm } from '../api/form-list';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { FormActions } from '../../../ui/Form';
import { errorMessage } from '../../../lib/api/http';
import { deleteWarning, FORM_ACTION_TEXT } from './form-manage';

interface DeleteFormDialogProps {
  tenantId: string;
  form: FormSummary | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

/** Confirms deleting a form, saying that its responses go with it (admins only). */
export function DeleteFormDialog({ tenantId, form, onClose, onDeleted }: DeleteFormDialogProps) {
  const remove = useDeleteForm(tenantId);

  function confirm() {
    if (!form) return;
    remove.mutate(form.id, {
      onSuccess: () => {
        toast.success(FORM_ACTION_TEXT.deleted);
        onDeleted(form.id);
        onClose();
      },
      onError: (err) => toast.error(FORM_ACTION_TEXT.deleteFailed, { description: errorMessage(err, 'Unknown error') }),
    });
  }

  return (
    <Dialog
      open={form !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete form"
      description={form ? deleteWarning(form.title, form.responses_count) : undefined}
    >
      <FormActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" loading={remove.isPending} onClick={confirm}>
          Delete form
        </Button>
      </FormActions>
    </Dialog>
  );
}
