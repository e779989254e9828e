import { zodResolver } from '@hookform/resolvers/zod';
import { apiKeyCreateBody } from '@portico/common';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';
import type { ApiKey, CreatedApiKey } from './api';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { DataTable, type Column } from '../../ui/DataTable';
import { errorMessage } from '../../lib/api/http';
import { showFailure } from './show-failure';
import { IntegrationList } from './IntegrationList';
import { formatDateTime, INTEGRATION_MESSAGES, lastUsedText, sectionBlock } from './integration-text';
import { InlineConfirm } from '../../ui/InlineConfirm';
import { OneTimeSecret } from './OneTimeSecret';
import { SectionCard } from './SectionCard';
import { useInlineConfirm } from '../../ui/use-inline-confirm';
import styles from './ApiKeysSection.module.css';
import { registeredField } from '../../lib/forms/registered-field';

const TITLE = 'API Access';
const NO_KEYS = { icon: KeyRound, message: 'No API keys yet.' };
const DESCRIPTION = 'Keys let your own systems call the Portico API for this workspace. Treat them like passwords.';

/** Revoke, asked inline: the cell turns into Confirm / Cancel. */
function RevokeKey({ apiKey, tenantId }: { apiKey: ApiKey; tenantId: string }) {
  const revoke = useRevokeApiKey(tenantId);
  const { confirming, triggerRef, ask, cancel } = useInlineConfirm();

  function confirm() {
    revoke.mutate(apiKey.id, {
      onSuccess: () => toast.success(INTEGRATION_MESSAGES.keyRevoked),
      onError: (err) => toast.error(errorMessage(err, 'Revoke failed')),
    });
  }

  if (confirming)
    return <InlineConfirm question="Revoke this key?" busy={revoke.isPending} onConfirm={confirm} onCancel={cancel} />;
  return (
    <Button ref={triggerRef} variant="secondary" size="sm" onClick={ask} aria-label={`Revoke ${apiKey.label}`}>
      Revoke
    </Button>
  );
}

function keyColumns(tenantId: string): Column<ApiKey>[] {
  return [
    { header: 'Label', variant: 'strong', className: styles.label, cell: (apiKey) => apiKey.label },
    { header: 'Key', variant: 'mono', className: styles.nowrap, cell: (apiKey) => `${apiKey.key_prefix}…` },
    { header: 'Created', className: styles.nowrap, cell: (apiKey) => formatDateTime(apiKey.created_at) },
    { header: 'Last used', className: styles.nowrap, cell: (apiKey) => lastUsedText(apiKey.last_used_at) },
    {
      header: 'Actions',
      hideHeader: true,
      variant: 'actions',
      className: styles.nowrap,
      cell: (apiKey) => <RevokeKey apiKey={apiKey} tenantId={tenantId} />,
    },
  ];
}

type NewKey = z.output<typeof apiKeyCreateBody>;

/** The key's label, checked with the API's own `apiKeyCreateBody`. */
function CreateKeyForm({ tenantId, onCreated }: { tenantId: string; onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey(tenantId);
  const form = useForm<z.input<typeof apiKeyCreateBody>, unknown, NewKey>({
    resolver: zodResolver(apiKeyCreateBody),
    defaultValues: { label: '' },
  });

  function submit({ label }: NewKey) {
    create.mutate(label, {
      onSuccess: (key) => {
        form.reset();
        toast.success(INTEGRATION_MESSAGES.keyCreated);
        onCreated(key);
      },
      onError: (err) => showFailure(err, (message) => form.setError('label', { message }), 'Failed to create the key'),
    });
  }

  return (
    <form className={styles.create} onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        label="Key label"
        placeholder="e.g. CRM sync"
        {...registeredField(form, 'label')}
        help="A name that tells you where the key is used."
      />
      <Button type="submit" loading={create.isPending}>
        Create key
      </Button>
    </form>
  );
}

/** API Access: create a key (shown once), list keys, revoke with the inline Confirm / Cancel. */
export function ApiKeysSection({ tenantId }: { tenantId: string }) {
  const keys = useApiKeys(tenantId);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const block = sectionBlock(keys.error);

  return (
    <SectionCard title={TITLE} description={DESCRIPTION} feature="API keys" block={block}>
      <CreateKeyForm tenantId={tenantId} onCreated={setCreated} />
      {created && (
        <OneTimeSecret
          key={created.key}
          title={`Your new API key “${created.label}”`}
          label="New API key"
          value={created.key}
          note="Copy it now and keep it somewhere safe: it will not be shown again. Send it as Authorization: Bearer <key>."
          onDismiss={() => setCreated(null)}
        />
      )}
      <IntegrationList query={keys} name="API keys" placeholderHeight={36} empty={NO_KEYS}>
        {(apiKeys) => (
          <DataTable
            rows={apiKeys}
            columns={keyColumns(tenantId)}
            rowKey={(apiKey) => apiKey.id}
            caption="API keys"
            empty={NO_KEYS}
          />
        )}
      </IntegrationList>
    </SectionCard>
  );
}
