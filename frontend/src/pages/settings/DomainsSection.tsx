import type { DomainsAnswer } from '@portico/common';
import { Globe } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useAddDomain, useDomains, useRemoveDomain, useVerifyDomain } from '../../api/billing';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { TextField } from '../../components/Field';
import { InlineConfirm } from '../../components/InlineConfirm';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/http';
import { useInlineConfirm } from '../../lib/use-inline-confirm';
import { useScope } from '../../scope/scope-context';
import { SettingsSection } from './SettingsSection';

const DESCRIPTION =
  'Your workspace answers at its own subdomain. Add a domain you own so clients reach the portal at your address, with a certificate issued automatically.';
const NO_TENANT = 'No active tenant selected. Please switch a workspace first.';

type DomainRow = DomainsAnswer['domains'][number];

function SslBadge({ row }: { row: DomainRow }) {
  if (!row.verified_at) return <Badge tone="gray">Not verified</Badge>;
  if (row.ssl_status === 'ready') return <Badge tone="green">SSL active</Badge>;
  if (row.ssl_status === 'failed') return <Badge tone="red">SSL failed</Badge>;
  return <Badge tone="orange">SSL pending</Badge>;
}

function DomainItem({ row, tenantId }: { row: DomainRow; tenantId: string }) {
  const verify = useVerifyDomain(tenantId);
  const remove = useRemoveDomain(tenantId);
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
    <li className="domain-row">
      <div className="domain-row-head">
        <span className="domain-name">{row.domain}</span>
        <SslBadge row={row} />
      </div>
      {!row.verified_at && (
        <>
          <p className="muted">Publish this TXT record at your DNS host, then press Verify.</p>
          <dl className="txt-record">
            <dt>Name</dt>
            <dd>{row.txt_record.name}</dd>
            <dt>Value</dt>
            <dd>{row.txt_record.value}</dd>
          </dl>
        </>
      )}
      {row.verified_at && row.ssl_status === 'pending' && (
        <p className="muted">Verified. The certificate is being issued; this can take up to a minute.</p>
      )}
      {row.ssl_status === 'failed' && row.ssl_error && <p className="muted">Last error: {row.ssl_error}</p>}
      {problem && <Alert tone="error">{problem}</Alert>}
      {confirming ? (
        <InlineConfirm
          question={`Remove ${row.domain}?`}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(row.domain, {
              onSuccess: () => toast.success(`${row.domain} removed`),
              onError: (err) => toast.error(errorMessage(err, 'Remove failed')),
            })
          }
          onCancel={cancel}
        />
      ) : (
        <div className="domain-actions">
          {(!row.verified_at || row.ssl_status === 'failed') && (
            <Button size="sm" loading={verify.isPending} onClick={runVerify}>
              Verify
            </Button>
          )}
          <button ref={triggerRef} type="button" className="btn btn-secondary btn-sm" onClick={ask}>
            Remove
          </button>
        </div>
      )}
    </li>
  );
}

function AddDomainForm({ tenantId }: { tenantId: string | null }) {
  const add = useAddDomain(tenantId);
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!tenantId) {
      setError(NO_TENANT);
      return;
    }
    setError(undefined);
    add.mutate(domain.trim(), {
      onSuccess: () => {
        setDomain('');
        toast.success('Domain added: publish its TXT record, then verify it.');
      },
      onError: (err) => setError(errorMessage(err, 'Add failed')),
    });
  }

  return (
    <form className="domain-add" onSubmit={submit} noValidate>
      <TextField
        label="Add a domain"
        placeholder="portal.yourcompany.com"
        value={domain}
        onChange={(e) => setDomain(e.target.value)}
        error={error}
        autoComplete="off"
      />
      <Button type="submit" loading={add.isPending} disabled={domain.trim() === ''}>
        Add domain
      </Button>
    </form>
  );
}

/** Settings → Domains (tenant-portal §2): the subdomain, custom domains with their TXT record, Verify and Remove. */
export function DomainsSection({ tenantId }: { tenantId: string | null }) {
  const domains = useDomains(tenantId);
  const { tenantPath } = useScope();

  let body;
  if (!tenantId) body = <AddDomainForm tenantId={null} />;
  else if (domains.isPending) body = <Skeleton height={64} />;
  else if (domains.isError)
    body = (
      <ErrorState
        message={errorMessage(domains.error, 'Failed to load domains')}
        onRetry={() => void domains.refetch()}
        retrying={domains.isFetching}
      />
    );
  else
    body = (
      <>
        <p>
          Your workspace address: <strong>{domains.data.subdomain}</strong>
        </p>
        {domains.data.domains.length === 0 ? (
          <EmptyState icon={Globe} message="No custom domains yet." />
        ) : (
          <ul className="domain-list">
            {domains.data.domains.map((row) => (
              <DomainItem key={row.id} row={row} tenantId={tenantId} />
            ))}
          </ul>
        )}
        {domains.data.allowed ? (
          <AddDomainForm tenantId={tenantId} />
        ) : (
          <Alert tone="info">
            Custom domains are available on the Pro and Advanced plans.{' '}
            <Link to={tenantPath('/dashboard/admin/billing')}>Upgrade in Billing</Link>
          </Alert>
        )}
      </>
    );

  return (
    <SettingsSection title="Domains" description={DESCRIPTION}>
      {body}
    </SettingsSection>
  );
}
