import { zodResolver } from '@hookform/resolvers/zod';
import { ImageIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { workspaceSettingsFields, type WorkspaceSettings } from '@portico/common';
import type { z } from 'zod';
import { useTenantBranding, useUpdateTenantBranding, useUploadTenantLogo } from '../api/tenants';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Form, FormActions } from '../../../ui/Form';
import { errorMessage } from '../../../lib/api/http';
import { BrandColourFields } from '../../settings';
import { QueryView } from '../panels/parts';
import slot from '../../../ui/ImageSlot.module.css';

/** The colours, checked with the API's own schema. */
const colourFields = workspaceSettingsFields.pick({ primary_color: true, secondary_color: true });
type Colours = z.output<typeof colourFields>;

function BrandingForm({ tenantId, settings }: { tenantId: string; settings: WorkspaceSettings }) {
  const update = useUpdateTenantBranding(tenantId);
  const upload = useUploadTenantLogo(tenantId);
  const form = useForm<z.input<typeof colourFields>, unknown, Colours>({
    resolver: zodResolver(colourFields),
    defaultValues: { primary_color: settings.primary_color ?? '', secondary_color: settings.secondary_color ?? '' },
    mode: 'onChange',
  });
  const { isDirty, isValid } = form.formState;

  function submit(colours: Colours) {
    update.mutate(colours, { onSuccess: () => toast.success('Brand settings saved') });
  }

  return (
    <Form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <div className={slot.slot}>
        <div className={slot.preview}>
          {settings.logo_url ? (
            <img src={settings.logo_url} alt={`${settings.name} logo`} />
          ) : (
            <ImageIcon size={24} aria-hidden />
          )}
        </div>
        <div className={slot.body}>
          <TextField
            label="Logo"
            help="PNG, JPEG, WebP or GIF, up to 2 MB."
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            disabled={upload.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file)
                upload.mutate(file, {
                  onSuccess: () => toast.success('Logo saved'),
                  onError: (err) => toast.error(errorMessage(err, 'Upload failed')),
                });
            }}
          />
        </div>
      </div>
      <BrandColourFields control={form.control} />
      {update.isError && <Alert tone="error">{errorMessage(update.error, 'The brand could not be saved.')}</Alert>}
      <FormActions>
        <Button type="submit" loading={update.isPending} disabled={!isDirty || !isValid}>
          Save brand
        </Button>
      </FormActions>
    </Form>
  );
}

/** The tenant's logo and colours through its brand settings (issue 14: Branding). */
export function BrandingTab({ tenantId }: { tenantId: string }) {
  const branding = useTenantBranding(tenantId);
  return (
    <QueryView query={branding} failure="Failed to load the brand" height={120}>
      {(settings) => <BrandingForm tenantId={tenantId} settings={settings} />}
    </QueryView>
  );
}
