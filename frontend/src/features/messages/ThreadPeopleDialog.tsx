import { useState } from 'react';
import { MESSAGE_MESSAGES } from '@portico/common';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api/http';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CheckboxField } from '../../ui/Field';
import { FormActions } from '../../ui/Form';
import { Skeleton } from '../../ui/Skeleton';
import { useAddThreadPeople, useRemoveThreadPerson } from './api';
import { recipientLabel, type Directory } from './directory';
import type { MessageThread } from './unread';
import styles from './Messages.module.css';

interface ThreadPeopleDialogProps {
  tenantId: string;
  thread: MessageThread;
  directory: Directory;
  open: boolean;
  onClose: () => void;
}

/** Who is in a group conversation: the team takes a client out, or adds others (who then read all of it). */
export function ThreadPeopleDialog({ tenantId, thread, directory, open, onClose }: ThreadPeopleDialogProps) {
  const add = useAddThreadPeople(tenantId, thread.id);
  const remove = useRemoveThreadPerson(tenantId, thread.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const members = thread.people.filter((person) => person.member);
  const others = directory.recipients?.filter((r) => !thread.participant_ids.includes(r.id));

  function close() {
    setChosen([]);
    setProblem(null);
    onClose();
  }

  function addChosen() {
    if (chosen.length === 0) {
      setProblem(MESSAGE_MESSAGES.chooseClients);
      return;
    }
    add.mutate(chosen, {
      onSuccess: () => {
        setChosen([]);
        toast.success(chosen.length === 1 ? 'Added to the conversation.' : `${chosen.length} people added.`);
      },
      onError: (err) => setProblem(errorMessage(err, 'The people could not be added.')),
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title="People in this conversation"
      description="Clients you add read the whole conversation; someone taken out no longer reads it."
    >
      <ul className={styles.people} aria-label="In this conversation">
        {members.map((person) => (
          <li key={person.id} className={styles.person}>
            <span>{recipientLabel(person)}</span>
            <Button
              size="sm"
              variant="ghost"
              disabled={members.length === 1 || remove.isPending}
              aria-label={`Remove ${person.name}`}
              onClick={() =>
                remove.mutate(person.id, {
                  onError: (err) => toast.error(errorMessage(err, 'They could not be removed.')),
                })
              }
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {members.length === 1 && <p className={styles.hint}>{MESSAGE_MESSAGES.keepOneClient}</p>}
      <fieldset className={styles.clientChoices}>
        <legend>Add clients</legend>
        {directory.recipientsError ? (
          <Alert tone="error">The clients could not be loaded.</Alert>
        ) : !others ? (
          <Skeleton height={80} />
        ) : others.length === 0 ? (
          <p className={styles.hint}>Every active client is already in this conversation.</p>
        ) : (
          others.map((r) => (
            <CheckboxField
              key={r.id}
              label={recipientLabel(r)}
              checked={chosen.includes(r.id)}
              onChange={() => {
                setProblem(null);
                setChosen((ids) => (ids.includes(r.id) ? ids.filter((id) => id !== r.id) : [...ids, r.id]));
              }}
            />
          ))
        )}
      </fieldset>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <FormActions>
        <Button variant="secondary" onClick={close}>
          Done
        </Button>
        <Button loading={add.isPending} disabled={!others || others.length === 0} onClick={addChosen}>
          Add
        </Button>
      </FormActions>
    </Dialog>
  );
}
