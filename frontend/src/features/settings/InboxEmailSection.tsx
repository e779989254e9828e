import { useId } from 'react';
import { toast } from 'sonner';
import { INBOX_KIND_LABELS } from '@portico/common';
import { errorMessage } from '../../lib/api/http';
import { ErrorState } from '../../ui/ErrorState';
import { FieldFrame } from '../../ui/Field';
import { SettingsSection } from '../../ui/SettingsSection';
import { Skeleton } from '../../ui/Skeleton';
import { Switch } from '../../ui/Switch';
import { useInboxEmail, useSaveInboxEmail } from './inbox-email-api';

/** Which notifications of this workspace the person also gets by email, one switch per kind (saved as switched). */
export function InboxEmailSection({ tenantId }: { tenantId: string }) {
  const settings = useInboxEmail(tenantId);
  const save = useSaveInboxEmail(tenantId);
  const idPrefix = useId();

  const body = () => {
    if (settings.isError)
      return (
        <ErrorState
          message={errorMessage(settings.error, 'Your notification email settings could not be loaded.')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      );
    if (settings.isPending) return <Skeleton height={160} />;
    return settings.data.kinds.map(({ kind, email, default: fallback, chosen }) => {
      const id = `${idPrefix}-${kind}`;
      return (
        <FieldFrame
          key={kind}
          id={id}
          label={INBOX_KIND_LABELS[kind]}
          help={
            chosen
              ? `Your choice. Without one: ${fallback === 'immediately' ? 'emailed' : 'not emailed'}.`
              : 'The default for your role.'
          }
        >
          <Switch
            id={id}
            checked={email === 'immediately'}
            disabled={save.isPending}
            onChange={(event) =>
              save.mutate(
                { kind, email: event.target.checked ? 'immediately' : 'off' },
                {
                  onSuccess: () => toast.success('Notification emails saved.'),
                  onError: (err) =>
                    toast.error(errorMessage(err, 'Your notification email setting could not be saved.')),
                },
              )
            }
          />
        </FieldFrame>
      );
    });
  };

  return (
    <SettingsSection
      title="Notification emails"
      description="Besides the bell, we can email you as soon as one of these happens in this workspace. Every such email has a link to stop it."
    >
      {body()}
    </SettingsSection>
  );
}
