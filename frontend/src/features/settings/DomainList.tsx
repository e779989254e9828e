import { zodResolver } from '@hookform/resolvers/zod';
import { domainBody, type DomainsAnswer } from '@portico/common';
import type { UseMutationResult } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { formatDate } from '../../ui/format';
import { errorMessage } from '../../lib/api/http';
import { useInlineConfirm } from '../../ui/use-inline-confirm';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { TextField } from '../../ui/Field';
import { InlineConfirm } from '../../ui/InlineConfirm';
import styles from './DomainList.module.css';
import { registeredField } from '../../lib/forms/registered-field';

type DomainRow = DomainsAnswer['domains'][number];
type DomainMutation = UseMutationResult<unknown, Error, string>;

/** Add, Verify and Remove of one workspace's domains: its admin's calls or the console's. */
export interface DomainActions {
  add: DomainMutation;
  verify: DomainMutation;
  remove: DomainMutation;
}

function SslBadge({ row }: { row: DomainRow }) {
  if (!row.verified_at) return <Badge tone="gray">Not verified</Badge>;
  if (row.ssl_status === 'ready') return <Badge tone="green">SSL active</Badge>;
  if (row.ssl_status === 'failed') return <Badge tone="red">SSL failed</Badge>;
  return <Badge tone="orange">SSL pending</Badge>;
}

function DomainItem({ row, actions }: { row: DomainRow; actions: DomainActions }) {
  const { verify, remove } = actions;
  const { confirming, triggerRef, ask, cancel } = useInlineConfirm();
  const [problem, setProblem] = useState<string | null>(null);

  function runVerify() {
    setProblem(null);
    verify.mutate(row.domain, {
      onSuccess: () => toast.success('Domain verified'),
      onError: (err) => setProblem(errorMessage(err, 'Verify failed')),
    });
  }

  return (
    <li className={styles.row}>
      <div className={styles.head}>
        <span className={styles.name}>{row.domain}</span>
        <SslBadge row={row} />
      </div>
      {!row.verified_at && (
        <>
          <p className={styles.note}>
            Publish this TXT record at your DNS host, then press Verify by {formatDate(row.expires_at)}; until then
            another workspace that verifies the domain first takes it.
          </p>
          <dl className={styles.txtRecord}>
            <dt>Name</dt>
            <dd>{row.txt_record.name}</dd>
            <dt>Value</dt>
            <dd>{row.txt_record.value}</dd>
          </dl>
        </>
      )}
      {row.verified_at && row.ssl_status === 'pending' && (
        <p className={styles.note}>Verified. The certificate is being issued; this can take up to a minute.</p>
      )}
      {row.ssl_status === 'failed' && row.ssl_error && <p className={styles.note}>Last error: {row.ssl_error}</p>}
      {problem && <Alert tone="error">{problem}</Alert>}
      {confirming ? (
        <InlineConfirm
          question={`Remove ${row.domain}?`}
          busy={remove.isPending && remove.variables === row.domain}
          onConfirm={() =>
            remove.mutate(row.domain, {
              onSuccess: () => toast.success(`${row.domain} removed`),
              onError: (err) => toast.error(errorMessage(err, 'Remove failed')),
            })
          }
          onCancel={cancel}
        />
      ) : (
        <div className={styles.actions}>
          {(!row.verified_at || row.ssl_status === 'failed') && (
            <Button size="sm" loading={verify.isPending && verify.variables === row.domain} onClick={runVerify}>
              Verify
            </Button>
          )}
          <Button ref={triggerRef} variant="secondary" size="sm" onClick={ask}>
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

type NewDomain = z.output<typeof domainBody>;

/**
 * The form adding a domain, checked with the API's own `domainBody`; `unavailable` is the sentence
 * shown instead of adding (no workspace chosen).
 */
export function AddDomainForm({ add, unavailable }: { add: DomainMutation | null; unavailable?: string }) {
  const form = useForm<z.input<typeof domainBody>, unknown, NewDomain>({
    resolver: zodResolver(domainBody),
    defaultValues: { domain: '' },
  });
  const domain = useWatch({ control: form.control, name: 'domain' });

  function submit({ domain }: NewDomain) {
    if (!add) {
      form.setError('domain', { message: unavailable });
      return;
    }
    add.mutate(domain, {
      onSuccess: () => {
        form.reset();
        toast.success('Domain added: publish its TXT record, then verify it.');
      },
      onError: (err) => form.setError('domain', { message: errorMessage(err, 'Add failed') }),
    });
  }

  return (
    <form className={styles.add} onSubmit={form.handleSubmit(submit)} noValidate>
      <TextField
        label="Add a domain"
        placeholder="portal.yourcompany.com"
        autoComplete="off"
        {...registeredField(form, 'domain')}
      />
      <Button type="submit" loading={add?.isPending} disabled={domain.trim() === ''}>
        Add domain
      </Button>
    </form>
  );
}

/** A workspace's subdomain and custom domains with their TXT record, Verify and Remove, then the Add form or `notAllowed`. */
export function DomainList({
  answer,
  actions,
  notAllowed,
}: {
  answer: DomainsAnswer;
  actions: DomainActions;
  notAllowed: ReactNode;
}) {
  return (
    <>
      <p>
        Workspace address: <strong>{answer.subdomain}</strong>
      </p>
      {answer.domains.length === 0 ? (
        <EmptyState icon={Globe} message="No custom domains yet." />
      ) : (
        <ul className={styles.list}>
          {answer.domains.map((row) => (
            <DomainItem key={row.id} row={row} actions={actions} />
          ))}
        </ul>
      )}
      {answer.allowed ? <AddDomainForm add={actions.add} /> : <Alert tone="info">{notAllowed}</Alert>}
    </>
  );
}
