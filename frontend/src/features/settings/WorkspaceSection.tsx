import { zodResolver } from '@hookform/resolvers/zod';
import { workspaceSettingsFields } from '@portico/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { queryKeys, useTenantConfig } from '../../lib/api/queries';
import type { TenantConfig } from '../../lib/api/types';
import { client } from '../../lib/api/typed-client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ErrorState } from '../../ui/ErrorState';
import { TextField } from '../../ui/Field';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { AUTH_USER_KEY } from '../../lib/session/session-context';
import { BRAND_FIELDS, brandValues } from './brand-form';
import { BrandImages } from './BrandImages';
import { BrandColourFields } from './BrandColourFields';
import { SettingsSection } from '../../ui/SettingsSection';
import { registeredField } from '../../lib/forms/registered-field';
import { Form, FormActions } from '../../ui/Form';

export function WorkspaceSection({ tenantId }: { tenantId: string }) {
  const config = useTenantConfig(tenantId);
  return (
    <SettingsSection
      title="Brand & Legal"
      description="Your workspace's logo, name, colours and legal links, shown across the whole portal."
    >
      {config.isPending && <Skeleton height={72} />}
      {config.isError && (
        <ErrorState
          message="Failed to load workspace settings"
          onRetry={() => void config.refetch()}
          retrying={config.isFetching}
        />
      )}
      {config.isSuccess && (
        <>
          <BrandImages tenantId={tenantId} config={config.data} />
          <BrandForm key={JSON.stringify(brandValues(config.data))} tenantId={tenantId} config={config.data} />
        </>
      )}
    </SettingsSection>
  );
}

type BrandSettings = z.output<typeof workspaceSettingsFields>;

/** Brand & Legal, checked with the API's own `workspaceSettingsFields`; only the fields changed are sent. */
function BrandForm({ tenantId, config }: { tenantId: string; config: TenantConfig }) {
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof workspaceSettingsFields>, unknown, BrandSettings>({
    resolver: zodResolver(workspaceSettingsFields),
    defaultValues: brandValues(config),
    mode: 'onChange',
  });
  const { dirtyFields, isDirty, isValid } = form.formState;

  const save = useMutation({
    mutationFn: (body: Partial<BrandSettings>) => client.PATCH('/tenant-config', { body, tenantId }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.tenantConfig(tenantId), saved);
      void queryClient.invalidateQueries({ queryKey: [AUTH_USER_KEY] });
      toast.success('Brand settings saved');
    },
  });

  function submit(settings: BrandSettings) {
    save.mutate(Object.fromEntries(BRAND_FIELDS.filter((key) => dirtyFields[key]).map((key) => [key, settings[key]])));
  }

  return (
    <Form onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        label="Workspace name"
        {...registeredField(form, 'name')}
        help="Shown in the sidebar and the browser tab."
      />
      <TextField
        label="Support email"
        type="email"
        {...registeredField(form, 'support_email')}
        help="Where your clients can reach you."
      />
      <BrandColourFields control={form.control} />
      <TextField label="Privacy policy URL" type="url" {...registeredField(form, 'privacy_url')} />
      <TextField label="Terms of service URL" type="url" {...registeredField(form, 'terms_url')} />
      {save.isError && <Alert tone="error">{errorMessage(save.error, 'Failed to save')}</Alert>}
      <FormActions>
        <Button type="submit" loading={save.isPending} disabled={!isValid || !isDirty}>
          Save
        </Button>
      </FormActions>
    </Form>
  );
}
