import { toast } from 'sonner';
import { MESSAGE_EMAIL_LABELS, MESSAGE_EMAIL_SETTINGS, type MessageEmailSetting } from '@portico/common';
import { errorMessage } from '../../lib/api/http';
import { ErrorState } from '../../ui/ErrorState';
import { SelectField } from '../../ui/Field';
import { SettingsSection } from '../../ui/SettingsSection';
import { Skeleton } from '../../ui/Skeleton';
import { useMessageEmail, useSaveMessageEmail } from './message-settings-api';

const isSetting = (value: string): value is MessageEmailSetting =>
  (MESSAGE_EMAIL_SETTINGS as readonly string[]).includes(value);

/** How the person hears of messages they have not read in this workspace (saved as chosen). */
export function MessageEmailSection({ tenantId }: { tenantId: string }) {
  const setting = useMessageEmail(tenantId);
  const save = useSaveMessageEmail(tenantId);

  const body = () => {
    if (setting.isError)
      return (
        <ErrorState
          message={errorMessage(setting.error, 'Your message email setting could not be loaded.')}
          onRetry={() => void setting.refetch()}
          retrying={setting.isFetching}
        />
      );
    if (setting.isPending) return <Skeleton height={72} />;
    const { message_email, default: fallback, chosen } = setting.data;
    return (
      <SelectField
        label="Email me about messages I have not read"
        help={
          chosen
            ? `Your choice. Without one you would get: ${MESSAGE_EMAIL_LABELS[fallback].toLowerCase()}.`
            : 'The default for your role. Someone reading a conversation as it happens gets no email about it.'
        }
        value={message_email}
        disabled={save.isPending}
        onChange={(event) => {
          const value = event.target.value;
          if (!isSetting(value)) return;
          save.mutate(value, {
            onSuccess: () => toast.success('Message emails saved.'),
            onError: (err) => toast.error(errorMessage(err, 'Your message email setting could not be saved.')),
          });
        }}
      >
        {MESSAGE_EMAIL_SETTINGS.map((option) => (
          <option key={option} value={option}>
            {MESSAGE_EMAIL_LABELS[option]}
          </option>
        ))}
      </SelectField>
    );
  };

  return (
    <SettingsSection
      title="Message emails"
      description="When a message waits for you in this workspace, we can email it to you with a link to the conversation."
    >
      {body()}
    </SettingsSection>
  );
}
