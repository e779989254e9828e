import { toast } from 'sonner';
import {
  INBOX_EMAIL_SETTING_LABELS,
  INBOX_EMAIL_SETTINGS,
  INBOX_KIND_LABELS,
  type InboxEmailSetting,
} from '@portico/common';
import { errorMessage } from '../../lib/api/http';
import { ErrorState } from '../../ui/ErrorState';
import { SelectField } from '../../ui/Field';
import { SettingsSection } from '../../ui/SettingsSection';
import { Skeleton } from '../../ui/Skeleton';
import { useInboxEmail, useSaveInboxEmail } from './inbox-email-api';

const isSetting = (value: string): value is InboxEmailSetting =>
  (INBOX_EMAIL_SETTINGS as readonly string[]).includes(value);

/**
 * Which notifications of this workspace the person also gets by email, one choice per kind: right
 * away, in the daily digest, or not at all (saved as chosen).
 */
export function InboxEmailSection({ tenantId }: { tenantId: string }) {
  const settings = useInboxEmail(tenantId);
  const save = useSaveInboxEmail(tenantId);

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
    return settings.data.kinds.map(({ kind, email, default: fallback, chosen }) => (
      <SelectField
        key={kind}
        label={INBOX_KIND_LABELS[kind]}
        help={
          chosen
            ? `Your choice. Without one: ${INBOX_EMAIL_SETTING_LABELS[fallback].toLowerCase()}.`
            : 'The default for your role.'
        }
        value={email}
        disabled={save.isPending}
        onChange={(event) => {
          const value = event.target.value;
          if (!isSetting(value)) return;
          save.mutate(
            { kind, email: value },
            {
              onSuccess: () => toast.success('Notification emails saved.'),
              onError: (err) => toast.error(errorMessage(err, 'Your notification email setting could not be saved.')),
            },
          );
        }}
      >
        {INBOX_EMAIL_SETTINGS.map((option) => (
          <option key={option} value={option}>
            {INBOX_EMAIL_SETTING_LABELS[option]}
          </option>
        ))}
      </SelectField>
    ));
  };

  return (
    <SettingsSection
      title="Notification emails"
      description="Besides the bell, we can email you as soon as one of these happens in this workspace, or once a day (after midnight UTC) a digest of the ones you have not read. Every such email has a link to stop it."
    >
      {body()}
    </SettingsSection>
  );
}
