import clsx from 'clsx';
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
import { HiddenColumnHeader } from '../../ui/HiddenColumnHeader';
import { ApiError, errorMessage } from '../../lib/api/http';
import { IntegrationList } from './IntegrationList';
import { formatDateTime, INTEGRATION_MESSAGES, lastUsedText, sectionBlock } from './integration-text';
import { InlineConfirm } from '../../ui/InlineConfirm';
import { OneTimeSecret } from './OneTimeSecret';
import { SectionCard } from './SectionCard';
import { SectionRefusal } from './SectionRefusal';
import { UpgradePrompt } from './UpgradePrompt';
import { useInlineConfirm } from '../../ui/use-inline-confirm';
import styles from './ApiKeysSection.module.css';

const TITLE = 'API Access';
const DESCRIPTION = 'Keys let your own systems call the Portico API for this workspace. Treat them like passwords.';

function ApiKeyRow({ apiKey, tenantId }: { apiKey: ApiKey; tenantId: string }) {
  const revoke = useRevokeApiKey(tenantId);
  const { confirming, triggerRef, ask, cancel } = useInlineConfirm();

  function confirm() {
    revoke.mutate(apiKey.id, {
      onSuccess: () => toast.success(INTEGRATION_MESSAGES.keyRevoked),
      onError: (err) => toast.error(errorMessage(err, 'Revoke failed')),
    });
  }

  return (
    <tr className={confirming ? 'row-confirming' : undefined}>
      <td className="cell-strong">{apiKey.label}</td>
      {confirming ? (
        <td colSpan={4}>
          <InlineConfirm question="Revoke this key?" busy={revoke.isPending} onConfirm={confirm} onCancel={cancel} />
        </td>
      ) : (
        <>
          <td className="cell-mono">{apiKey.key_prefix}…</td>
          <td>{formatDateTime(apiKey.created_at)}</td>
          <td>{lastUsedText(apiKey.last_used_at)}</td>
          <td className="cell-actions">
            <button
              ref={triggerRef}
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={ask}
              aria-label={`Revoke ${apiKey.label}`}
            >
              Revoke
            </button>
          </td>
        </>
      )}
    </tr>
  );
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
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) form.setError('label', { message: err.message });
        else toast.error(errorMessage(err, 'Failed to create the key'));
      },
    });
  }

  return (
    <form className={styles.create} onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        label="Key label"
        placeholder="e.g. CRM sync"
        {...form.register('label')}
        error={form.formState.errors.label?.message}
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

  if (block) {
    return (
      <SectionCard title={TITLE} description={DESCRIPTION}>
        {block.kind === 'plan' ? (
          <UpgradePrompt feature="API keys" message={block.message} />
        ) : (
          <SectionRefusal message={block.message} />
        )}
      </SectionCard>
    );
  }

  return (
    <SectionCard title={TITLE} description={DESCRIPTION}>
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
      <IntegrationList
        query={keys}
        loadingLabel="Loading API keys"
        placeholderHeight={36}
        failedMessage="Failed to load API keys"
        emptyIcon={KeyRound}
        emptyMessage="No API keys yet."
      >
        {(apiKeys) => (
          <div className="table-wrap">
            <table className={clsx('table', styles.table)}>
              <caption className="sr-only">API keys</caption>
              <thead>
                <tr>
                  <th scope="col">Label</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <HiddenColumnHeader label="Actions" />
                </tr>
              </thead>
              <tbody>
                {apiKeys.map((apiKey) => (
                  <ApiKeyRow key={apiKey.id} apiKey={apiKey} tenantId={tenantId} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </IntegrationList>
    </SectionCard>
  );
}
