import { useId, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGE_RETENTION_MIN_DAYS, messageRetentionBody, type MessageRetentionAnswer } from '@portico/common';
import { errorMessage } from '../../lib/api/http';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ErrorState } from '../../ui/ErrorState';
import { FieldFrame, TextField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { SettingsSection } from '../../ui/SettingsSection';
import { Skeleton } from '../../ui/Skeleton';
import { Switch } from '../../ui/Switch';
import { useMessageRetention, useSaveMessageRetention } from './message-settings-api';

/** Whether old messages are deleted, after how many days, and whether their attachments go with them. */
function RetentionForm({ tenantId, saved }: { tenantId: string; saved: MessageRetentionAnswer }) {
  const [deletes, setDeletes] = useState(saved.days !== null);
  const [days, setDays] = useState(String(saved.days ?? 365));
  const [removeFiles, setRemoveFiles] = useState(saved.remove_files);
  const [daysError, setDaysError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveMessageRetention(tenantId);
  const deletesId = useId();
  const filesId = useId();

  const submit = () => {
    setError(null);
    const checked = messageRetentionBody.safeParse({
      days: deletes ? (days.trim() === '' ? Number.NaN : Number(days)) : null,
      remove_files: deletes && removeFiles,
    });
    if (!checked.success) {
      setDaysError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setDaysError(null);
    save.mutate(checked.data, {
      onSuccess: (answer) =>
        toast.success(
          answer.days === null ? 'Messages are kept.' : `Messages older than ${answer.days} days will be deleted.`,
        ),
      onError: (err) => setError(errorMessage(err, 'Message retention could not be saved.')),
    });
  };

  return (
    <Form
      aria-label="Message retention"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <FieldFrame
        id={deletesId}
        label="Delete old messages"
        help="Off keeps every message. On, messages past the age below are deleted every night, for everyone, and cannot be brought back."
      >
        <Switch id={deletesId} checked={deletes} onChange={(event) => setDeletes(event.target.checked)} />
      </FieldFrame>
      {deletes && (
        <>
          <TextField
            label="Delete messages older than (days)"
            inputMode="numeric"
            help={`At least ${MESSAGE_RETENTION_MIN_DAYS} days.`}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            error={daysError ?? undefined}
          />
          <FieldFrame
            id={filesId}
            label="Delete their attachments too"
            help="Off, files attached to deleted messages stay in Files for the people they were shared with."
          >
            <Switch id={filesId} checked={removeFiles} onChange={(event) => setRemoveFiles(event.target.checked)} />
          </FieldFrame>
        </>
      )}
      <FormActions>
        <Button type="submit" loading={save.isPending}>
          Save retention
        </Button>
      </FormActions>
    </Form>
  );
}

/** Settings → Message retention, for the workspace's admins. */
export function MessageRetentionSection({ tenantId }: { tenantId: string }) {
  const retention = useMessageRetention(tenantId);
  const body = () => {
    if (retention.isError)
      return (
        <ErrorState
          message={errorMessage(retention.error, 'Message retention could not be loaded.')}
          onRetry={() => void retention.refetch()}
          retrying={retention.isFetching}
        />
      );
    if (retention.isPending) return <Skeleton height={120} />;
    return <RetentionForm tenantId={tenantId} saved={retention.data} />;
  };
  return (
    <SettingsSection
      title="Message retention"
      description="How long this workspace keeps its conversations. Deleting old messages can help you keep only what you need."
    >
      {body()}
    </SettingsSection>
  );
}
