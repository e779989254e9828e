import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  MAGIC_LINK_SETTING_LABELS,
  MAGIC_LINK_SETTINGS,
  type MagicLinkSetting,
  type WorkspaceSettingsChanges,
} from '@portico/common';
import { queryKeys } from '../../lib/api/queries';
import { client } from '../../lib/api/typed-client';
import { errorMessage } from '../../lib/api/http';
import { CheckboxField, SelectField } from '../../ui/Field';
import { SettingsSection } from '../../ui/SettingsSection';
import { WithTenantConfig } from './WithTenantConfig';
import styles from './SignInSection.module.css';

const isSetting = (value: string): value is MagicLinkSetting =>
  (MAGIC_LINK_SETTINGS as readonly string[]).includes(value);

type SignInChange = Pick<WorkspaceSettingsChanges, 'magic_links' | 'provider_buttons'>;

/** What the toast says once a change is saved. */
function savedMessage(change: SignInChange): string {
  if (change.provider_buttons === undefined) return 'Sign-in links saved.';
  return change.provider_buttons ? 'Provider sign-in buttons shown.' : 'Provider sign-in buttons hidden.';
}

/** Who of the workspace may sign in with a link sent by email, and whether the provider buttons show (saved as chosen). */
export function SignInSection({ tenantId }: { tenantId: string }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (change: SignInChange) => client.PATCH('/tenant-config', { body: change, tenantId }),
    onSuccess: (saved, change) => {
      queryClient.setQueryData(queryKeys.tenantConfig(tenantId), saved);
      toast.success(savedMessage(change));
    },
    onError: (err) => toast.error(errorMessage(err, 'The sign-in setting could not be saved.')),
  });

  return (
    <SettingsSection
      title="Sign-in"
      description="Who may sign in with a link sent to their email instead of a password, and whether your sign-in page offers the accounts the platform allows, such as Google. Someone who also belongs to another workspace gets a link only if every workspace they belong to allows it for their role."
    >
      <WithTenantConfig tenantId={tenantId} skeletonHeight={120}>
        {(config) => (
          <div className={styles.fields}>
            <SelectField
              label="Email sign-in links"
              help="Links work once, for 15 minutes, in the browser that asked for them."
              value={config.magic_links}
              disabled={save.isPending}
              onChange={(event) => {
                if (isSetting(event.target.value)) save.mutate({ magic_links: event.target.value });
              }}
            >
              {MAGIC_LINK_SETTINGS.map((setting) => (
                <option key={setting} value={setting}>
                  {MAGIC_LINK_SETTING_LABELS[setting]}
                </option>
              ))}
            </SelectField>
            <CheckboxField
              label="Show sign-in with Google, Microsoft, Slack or GitHub on our sign-in page"
              help="Only the providers the platform has switched on show. Hidden, people sign in with a password or an email link."
              role="switch"
              checked={config.provider_buttons}
              disabled={save.isPending}
              onChange={() => save.mutate({ provider_buttons: !config.provider_buttons })}
            />
          </div>
        )}
      </WithTenantConfig>
    </SettingsSection>
  );
}
