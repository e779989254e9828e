import type { LinkedIdentity } from '@portico/common';
import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { useIdentities, useUnlinkIdentity } from '../api/identities';
import { errorMessage } from '../../../lib/api/http';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { formatDate } from '../../../ui/format';
import { InlineConfirm } from '../../../ui/InlineConfirm';
import { SettingsSection } from '../../../ui/SettingsSection';
import { Skeleton } from '../../../ui/Skeleton';
import { useInlineConfirm } from '../../../ui/use-inline-confirm';
import styles from './SignInMethodsSection.module.css';

/** Account security's linked provider identities, each unlinked behind a confirmation. */
export function SignInMethodsSection() {
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();

  let body;
  if (identities.isPending) body = <Skeleton height={40} />;
  else if (identities.isError)
    body = <Alert tone="error">{errorMessage(identities.error, 'Your sign-in methods could not be loaded.')}</Alert>;
  else if (identities.data.length === 0)
    body = (
      <EmptyState
        icon={KeyRound}
        message="No sign-in providers linked. Sign in once with Google, Microsoft, Slack or GitHub (where offered) using this account’s email to link one."
      />
    );
  else
    body = (
      <ul className={styles.list}>
        {identities.data.map((identity) => (
          <IdentityItem key={identity.id} identity={identity} unlink={unlink} />
        ))}
      </ul>
    );

  return (
    <SettingsSection title="Sign-in methods" description="Provider accounts that sign in to yours.">
      {unlink.isError && (
        <Alert tone="error">{errorMessage(unlink.error, 'The sign-in method could not be unlinked.')}</Alert>
      )}
      {body}
    </SettingsSection>
  );
}

function IdentityItem({
  identity,
  unlink,
}: {
  identity: LinkedIdentity;
  unlink: ReturnType<typeof useUnlinkIdentity>;
}) {
  const { confirming, triggerRef, ask, cancel } = useInlineConfirm();
  return (
    <li className={styles.row}>
      <div className={styles.details}>
        <span className={styles.name}>{identity.provider_name}</span>
        {identity.email && <span>{identity.email}</span>}
        <span className={styles.note}>
          Linked {formatDate(identity.created_at)} · last used{' '}
          {identity.last_used_at ? formatDate(identity.last_used_at) : 'never'}
        </span>
      </div>
      {confirming ? (
        <InlineConfirm
          question={`Unlink ${identity.provider_name}?`}
          busy={unlink.isPending && unlink.variables === identity.id}
          onConfirm={() =>
            unlink.mutate(identity.id, {
              onSuccess: () => toast.success(`${identity.provider_name} unlinked`),
              onSettled: cancel,
            })
          }
          onCancel={cancel}
        />
      ) : (
        <Button ref={triggerRef} variant="secondary" size="sm" onClick={ask}>
          Unlink
        </Button>
      )}
    </li>
  );
}
