import { toast } from 'sonner';
import { useDeleteFile, useRestoreFile, type PortalFile } from './api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormActions } from '../../ui/Form';
import { errorMessage } from '../../lib/api/http';

interface DeleteFileDialogProps {
  tenantId: string;
  file: PortalFile | null;
  onClose: () => void;
}

/**
 * Confirms deleting a file (issue 33); once deleted, a toast offers Undo, which restores it. The
 * API keeps a deleted file 30 days, so Undo works as long as the toast is shown.
 */
export function DeleteFileDialog({ tenantId, file, onClose }: DeleteFileDialogProps) {
  const remove = useDeleteFile(tenantId);
  const restore = useRestoreFile(tenantId);

  async function undo(deleted: PortalFile) {
    const id = toast.loading(`Restoring “${deleted.title}”…`);
    try {
      await restore(deleted.id);
      toast.success(`“${deleted.title}” restored`, { id });
    } catch (err) {
      toast.error('Could not restore the file', { id, description: errorMessage(err, 'Unknown error') });
    }
  }

  function confirm() {
    if (!file) return;
    remove.mutate(file.id, {
      onSuccess: () => {
        toast.success(`“${file.title}” deleted`, { action: { label: 'Undo', onClick: () => void undo(file) } });
        onClose();
      },
      onError: (err) => toast.error('Could not delete the file', { description: errorMessage(err, 'Unknown error') }),
    });
  }

  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Delete file"
      description={
        file
          ? `Delete “${file.title}”? Nobody will see or download it any more. You can undo this for 30 days.`
          : undefined
      }
    >
      <FormActions>
        <Button variant="secondary" disabled={remove.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" loading={remove.isPending} onClick={confirm}>
          Delete file
        </Button>
      </FormActions>
    </Dialog>
  );
}
