import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImageIcon } from 'lucide-react';
import { toast } from 'sonner';
import { queryKeys } from '../../lib/api/queries';
import type { TenantConfig } from '../../lib/api/types';
import { client } from '../../lib/api/typed-client';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { errorMessage } from '../../lib/api/http';
import { sendForm } from '../../lib/api/upload';
import progressBar from '../../ui/Progress.module.css';
import slot from '../../ui/ImageSlot.module.css';
import styles from './BrandImages.module.css';

type AssetKind = 'logo' | 'favicon';

const LABELS: Record<AssetKind, { title: string; help: string; accept: string }> = {
  logo: {
    title: 'Logo',
    help: 'PNG, JPEG, WebP or GIF, up to 2 MB. Shown in the sidebar header.',
    accept: 'image/png,image/jpeg,image/webp,image/gif',
  },
  favicon: {
    title: 'Favicon',
    help: 'PNG or ICO, up to 2 MB. Shown in the browser tab.',
    accept: 'image/png,image/x-icon,.ico,image/jpeg,image/webp,image/gif',
  },
};

function BrandImage({ tenantId, kind, url }: { tenantId: string; kind: AssetKind; url: string | null }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const saved = (config: TenantConfig) => {
    queryClient.setQueryData(queryKeys.tenantConfig(tenantId), config);
    toast.success('Brand settings saved');
  };
  const uploadImage = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      setProgress(0);
      return sendForm<TenantConfig>(`/api/tenant-config/${kind}`, tenantId, form, setProgress);
    },
    onSuccess: saved,
    onError: (err) => toast.error(errorMessage(err, 'Upload failed')),
    onSettled: () => setProgress(null),
  });
  const removeImage = useMutation({
    mutationFn: () => client.DELETE(`/tenant-config/${kind}`, { tenantId }),
    onSuccess: saved,
    onError: (err) => toast.error(errorMessage(err, 'Remove failed')),
  });
  const { title, help, accept } = LABELS[kind];

  return (
    <div className={slot.slot}>
      <div className={slot.preview}>
        {url ? <img src={url} alt={`Current ${title.toLowerCase()}`} /> : <ImageIcon size={24} aria-hidden />}
      </div>
      <div className={slot.body}>
        <div className={styles.actions}>
          <TextField
            label={title}
            help={help}
            type="file"
            accept={accept}
            disabled={uploadImage.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) uploadImage.mutate(file);
            }}
          />
          {url && (
            <Button size="sm" variant="ghost" loading={removeImage.isPending} onClick={() => removeImage.mutate()}>
              Remove {title.toLowerCase()}
            </Button>
          )}
        </div>
        {progress !== null && (
          <div className={progressBar.progress}>
            <progress max={1} value={progress} aria-label={`${title} upload progress`} />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        )}
      </div>
    </div>
  );
}

/** Logo and favicon of the workspace, uploaded through the storage layer. */
export function BrandImages({ tenantId, config }: { tenantId: string; config: TenantConfig }) {
  return (
    <div className={styles.images}>
      <BrandImage tenantId={tenantId} kind="logo" url={config.logo_url} />
      <BrandImage tenantId={tenantId} kind="favicon" url={config.favicon_url} />
    </div>
  );
}
