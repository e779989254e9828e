import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useDeletePerson, type PersonDialogProps } from './api/people';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CheckboxField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { personName } from '../../ui/format';
import { deleteFailure } from './people-text';

interface DeleteChoice {
  deleteFiles: boolean;
}

const KEEP_FILES: DeleteChoice = { deleteFiles: false };

export function DeletePersonDialog({ tenantId, person, onClose }: PersonDialogProps) {
  const remove = useDeletePerson(tenantId);
  const form = useForm<DeleteChoice>({ defaultValues: KEEP_FILES });

  function close() {
    form.reset(KEEP_FILES);
    onClose();
  }

  function confirm({ deleteFiles }: DeleteChoice) {
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
      <Form onSubmit={form.handleSubmit(confirm)} noValidate>
        <CheckboxField label="Also delete their files" {...form.register('deleteFiles')} />
        <FormActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            Delete
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
