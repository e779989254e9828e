import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { queryKeys, useTenantConfig } from '../../api/queries';
import type { TenantConfig } from '../../api/types';
import { api } from '../../auth/client';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ErrorState } from '../../components/ErrorState';
import { TextField } from '../../components/Field';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/http';
import { AUTH_USER_KEY } from '../../session/session-context';
import { brandChanges, brandErrors, brandValues, type BrandValues } from './brand-form';
import { BrandImages } from './BrandImages';
import { ColorField } from './ColorField';
import { SettingsSection } from './SettingsSection';

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

function BrandForm({ tenantId, config }: { tenantId: string; config: TenantConfig }) {
  const queryClient = useQueryClient();
  const initial = brandValues(config);
  const [values, setValues] = useState<BrandValues>(initial);
  const errors = brandErrors(values);
  const changes = brandChanges(initial, values);
  const set = (key: keyof BrandValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const save = useMutation({
    mutationFn: (body: Record<string, string | null>) =>
      api<TenantConfig>('/api/tenant-config', { method: 'PATCH', body, tenantId }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.tenantConfig(tenantId), saved);
      void queryClient.invalidateQueries({ queryKey: [AUTH_USER_KEY] });
      toast.success('Brand settings saved');
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (Object.keys(errors).length === 0 && Object.keys(changes).length > 0) save.mutate(changes);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Workspace name"
        value={values.name}
        onChange={(e) => set('name')(e.target.value)}
        help="Shown in the sidebar and the browser tab."
        error={errors.name}
      />
      <TextField
        label="Support email"
        type="email"
        value={values.support_email}
        onChange={(e) => set('support_email')(e.target.value)}
        help="Where your clients can reach you."
        error={errors.support_email}
      />
      <div className="form-grid-2">
        <ColorField
          label="Primary colour"
          value={values.primary_color}
          fallback="#2563EB"
          error={errors.primary_color}
          onChange={set('primary_color')}
        />
        <ColorField
          label="Secondary colour"
          value={values.secondary_color}
          fallback="#64748B"
          error={errors.secondary_color}
          onChange={set('secondary_color')}
        />
      </div>
      <TextField
        label="Privacy policy URL"
        type="url"
        value={values.privacy_url}
        onChange={(e) => set('privacy_url')(e.target.value)}
        error={errors.privacy_url}
      />
      <TextField
        label="Terms of service URL"
        type="url"
        value={values.terms_url}
        onChange={(e) => set('terms_url')(e.target.value)}
        error={errors.terms_url}
      />
      {save.isError && <Alert tone="error">{errorMessage(save.error, 'Failed to save')}</Alert>}
      <div className="form-actions">
        <Button
          type="submit"
          loading={save.isPending}
          disabled={Object.keys(errors).length > 0 || Object.keys(changes).length === 0}
        >
          Save
        </Button>
      </div>
    </form>
  );
}
