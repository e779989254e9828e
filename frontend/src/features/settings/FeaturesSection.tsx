import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { WORKSPACE_CAPABILITIES, WORKSPACE_CAPABILITY_LABELS, type WorkspaceCapability } from '@portico/common';
import { queryKeys } from '../../lib/api/queries';
import { client } from '../../lib/api/typed-client';
import { CheckboxField } from '../../ui/Field';
import { errorMessage } from '../../lib/api/http';
import { SettingsSection } from '../../ui/SettingsSection';
import { WithTenantConfig } from './WithTenantConfig';
import styles from './FeaturesSection.module.css';

const HELP: Record<WorkspaceCapability, string> = {
  embeds: 'Scheduling pages, documents and other tools shown inside the portal.',
  forms: 'Forms your clients fill in, and their responses.',
  files: 'Files you share with your clients and they upload.',
};

/** The capabilities the workspace uses (chosen at onboarding): one off is refused by the API and leaves the menus. */
export function FeaturesSection({ tenantId }: { tenantId: string }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ key, on }: { key: WorkspaceCapability; on: boolean }) =>
      client.PATCH('/tenant-config', { body: { features: { [key]: on } }, tenantId }),
    onSuccess: (saved, { key, on }) => {
      queryClient.setQueryData(queryKeys.tenantConfig(tenantId), saved);
      toast.success(`${WORKSPACE_CAPABILITY_LABELS[key]} turned ${on ? 'on' : 'off'}.`);
    },
    onError: (err) => toast.error(errorMessage(err, 'The feature could not be switched.')),
  });

  return (
    <SettingsSection
      title="Features"
      description="What this workspace uses. A feature turned off disappears from everyone's menus and its pages and API calls are refused; nothing is deleted."
    >
      <WithTenantConfig tenantId={tenantId} skeletonHeight={120}>
        {(config) => (
          <ul className={styles.switches}>
            {WORKSPACE_CAPABILITIES.map((key) => {
              const on = config.features[key] !== false;
              return (
                <li key={key}>
                  <CheckboxField
                    label={WORKSPACE_CAPABILITY_LABELS[key]}
                    help={HELP[key]}
                    role="switch"
                    checked={on}
                    disabled={save.isPending}
                    onChange={() => save.mutate({ key, on: !on })}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </WithTenantConfig>
    </SettingsSection>
  );
}
