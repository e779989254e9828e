import { useState } from 'react';
import { toast } from 'sonner';
import { useDeletePerson, type Person } from './api/people';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { personName } from '../../ui/format';
import { deleteFailure } from './people-text';
import styles from './DeletePersonDialog.module.css';

export function DeletePersonDialog({
  tenantId,
  person,
  onClose,
}: {
  tenantId: string;
  person: Person | null;
  onClose: () => void;
}) {
  const remove = useDeletePerson(tenantId);
  const [deleteFiles, setDeleteFiles] = useState(false);

  function close() {
    setDeleteFiles(false);
    onClose();
  }

  function confirm() {
    if (!person) return;
    remove.mutate(
      { id: person.id, deleteFiles },
      {
        onSuccess: () => {
          toast.success('User deleted');
          close();
        },
        onError: (err) => toast.error(deleteFailure(err)),
      },
    );
  }

  return (
    <Dialog
      open={person !== null}
      onOpenChange={(open) => !open && close()}
      title="Delete user"
      description={
        person
          ? `Remove ${personName(person.first_name, person.last_name, person.email)} from this workspace. Someone who belongs to no other workspace loses their account.`
          : undefined
      }
    >
      <div className="form">
        <label className={styles.choice}>
          <input type="checkbox" checked={deleteFiles} onChange={(e) => setDeleteFiles(e.target.checked)} />
          Also delete their files
        </label>
        <div className="form-actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={confirm}>
            Delete
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
