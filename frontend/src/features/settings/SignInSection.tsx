import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MAGIC_LINK_SETTING_LABELS, MAGIC_LINK_SETTINGS, type MagicLinkSetting } from '@portico/common';
import { queryKeys } from '../../lib/api/queries';
import { client } from '../../lib/api/typed-client';
import { errorMessage } from '../../lib/api/http';
import { SelectField } from '../../ui/Field';
import { SettingsSection } from '../../ui/SettingsSection';
import { WithTenantConfig } from './WithTenantConfig';

const isSetting = (value: string): value is MagicLinkSetting =>
  (MAGIC_LINK_SETTINGS as readonly string[]).includes(value);

/** Who of the workspace may sign in with a link sent by email (saved as it is chosen). */
export function SignInSection({ tenantId }: { tenantId: string }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (magicLinks: MagicLinkSetting) =>
      client.PATCH('/tenant-config', { body: { magic_links: magicLinks }, tenantId }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.tenantConfig(tenantId), saved);
      toast.success('Sign-in links saved.');
    },
    onError: (err) => toast.error(errorMessage(err, 'The sign-in setting could not be saved.')),
  });

  return (
    <SettingsSection
      title="Sign-in"
      description="Who may sign in with a link sent to their email instead of a password. Someone who also belongs to another workspace gets a link only if every workspace they belong to allows it for their role."
    >
      <WithTenantConfig tenantId={tenantId} skeletonHeight={60}>
        {(config) => (
          <SelectField
            label="Email sign-in links"
            help="Links work once, for 15 minutes, in the browser that asked for them."
            value={config.magic_links}
            disabled={save.isPending}
            onChange={(event) => {
              if (isSetting(event.target.value)) save.mutate(event.target.value);
            }}
          >
            {MAGIC_LINK_SETTINGS.map((setting) => (
              <option key={setting} value={setting}>
                {MAGIC_LINK_SETTING_LABELS[setting]}
              </option>
            ))}
          </SelectField>
        )}
      </WithTenantConfig>
    </SettingsSection>
  );
}
