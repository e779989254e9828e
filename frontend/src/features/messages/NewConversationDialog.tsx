import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { MESSAGE_MESSAGES, THREAD_SUBJECT_MAX_CHARS, threadOpenBody } from '@portico/common';
import { z } from 'zod';
import { errorMessage } from '../../lib/api/http';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CheckboxField, SelectField, TextField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { Skeleton } from '../../ui/Skeleton';
import { useOpenThread } from './api';
import { recipientLabel, type Directory } from './directory';
import type { MessageThread } from './unread';
import styles from './Messages.module.css';

interface NewConversationDialogProps {
  tenantId: string;
  open: boolean;
  directory: Directory;
  onClose: () => void;
  onOpened: (thread: MessageThread) => void;
}

interface Values {
  to: 'clients' | 'role';
  participant_ids: string[];
  role: string;
  subject?: string;
}

/** The API's rules, with the choice the dialog adds: clients, or a role. */
const dialogForm = z
  .object({
    to: z.enum(['clients', 'role']),
    participant_ids: z.array(z.string()),
    role: z.string(),
    subject: threadOpenBody.shape.subject,
  })
  .superRefine((values, ctx) => {
    const none = values.to === 'clients' ? values.participant_ids.length === 0 : values.role === '';
    if (none) ctx.addIssue({ code: 'custom', message: MESSAGE_MESSAGES.chooseWho, path: ['participant_ids'] });
  });

const EMPTY: Values = { to: 'clients', participant_ids: [], role: '', subject: '' };

/** The team's New conversation: one client (their own thread), several (a group) or everyone with a role. */
export function NewConversationDialog({ tenantId, open, directory, onClose, onOpened }: NewConversationDialogProps) {
  const openThread = useOpenThread(tenantId);
  const [failed, setFailed] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<typeof dialogForm>>({
    resolver: zodResolver(dialogForm),
    defaultValues: EMPTY,
  });
  const [to, chosen] = useWatch({ control: form.control, name: ['to', 'participant_ids'] });
  const { errors } = form.formState;
  const memberRoles = (directory.roles ?? []).filter((r) => r.kind !== 'admin');

  function close() {
    form.reset(EMPTY);
    setFailed(null);
    onClose();
  }

  function submit(values: z.output<typeof dialogForm>) {
    setFailed(null);
    openThread.mutate(
      values.to === 'clients'
        ? { participant_ids: values.participant_ids, subject: values.subject || undefined }
        : { role: values.role, subject: values.subject || undefined },
      {
        onSuccess: (thread) => {
          close();
          onOpened(thread);
        },
        onError: (err) => setFailed(errorMessage(err, 'The conversation could not be started.')),
      },
    );
  }

  function toggle(id: string) {
    const ids = form.getValues('participant_ids');
    form.setValue('participant_ids', ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]);
    form.clearErrors('participant_ids');
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title="New conversation"
      description="Write to one client, to several together, or to everyone holding a role."
    >
      <Form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate>
        <fieldset className={styles.choices}>
          <legend>Write to</legend>
          <label>
            <input type="radio" value="clients" {...form.register('to')} /> Clients
          </label>
          <label>
            <input type="radio" value="role" {...form.register('to')} /> Everyone with a role
          </label>
        </fieldset>
        {to === 'clients' ? (
          <fieldset className={styles.clientChoices}>
            <legend>
              Clients{' '}
              <span className={styles.hint}>
                {chosen.length > 1 ? '· one conversation with all of them' : '· one client: their own conversation'}
              </span>
            </legend>
            {directory.recipientsError ? (
              <Alert tone="error">The clients could not be loaded.</Alert>
            ) : !directory.recipients ? (
              <Skeleton height={80} />
            ) : directory.recipients.length === 0 ? (
              <p className={styles.hint}>This workspace has no active clients yet.</p>
            ) : (
              directory.recipients.map((c) => (
                <CheckboxField
                  key={c.id}
                  label={recipientLabel(c)}
                  checked={chosen.includes(c.id)}
                  onChange={() => toggle(c.id)}
                />
              ))
            )}
          </fieldset>
        ) : (
          <>
            <SelectField label="Role" {...form.register('role', { onChange: () => form.clearErrors() })}>
              <option value="">Choose a role</option>
              {memberRoles.map((r) => (
                <option key={r.role_key} value={r.role_key}>
                  {r.role_label}
                </option>
              ))}
            </SelectField>
            <Alert tone="info">
              An announcement: everyone with the role reads it; their replies are visible to the team only.
            </Alert>
          </>
        )}
        {errors.participant_ids && (
          <p className={styles.problem} role="alert">
            {errors.participant_ids.message}
          </p>
        )}
        <TextField
          label="Subject (optional)"
          maxLength={THREAD_SUBJECT_MAX_CHARS}
          error={errors.subject?.message}
          {...form.register('subject')}
        />
        {failed && <Alert tone="error">{failed}</Alert>}
        <FormActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={openThread.isPending}>
            Start conversation
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
