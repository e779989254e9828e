import { useId, useState } from 'react';
import type { RoleType } from '@portico/common';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import {
  usePendingInvitations,
  useResendInvitation,
  useRevokeInvitation,
  type PeopleInviteAnswer,
  type PendingInvitation,
} from './api/people';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { HiddenColumnHeader } from '../../ui/HiddenColumnHeader';
import { InlineConfirm } from '../../ui/InlineConfirm';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { useInlineConfirm } from '../../ui/use-inline-confirm';
import { RoleBadge } from '../../ui/RoleBadge';
import { formatDate } from '../../ui/format';
import { InviteResultView } from './InviteResultView';
import {
  INVITATIONS_EMPTY,
  INVITATIONS_LOAD_FAILED,
  invitationResent,
  INVITATION_REVOKED,
  sentBy,
} from './people-text';
import styles from './PendingInvitations.module.css';

interface RowProps {
  invitation: PendingInvitation;
  tenantId: string;
  roles: readonly RoleType[] | undefined;
  onResent: (answer: PeopleInviteAnswer) => void;
}

function InvitationRow({ invitation, tenantId, roles, onResent }: RowProps) {
  const resend = useResendInvitation(tenantId);
  const revoke = useRevokeInvitation(tenantId);
  const { confirming, triggerRef, ask, cancel } = useInlineConfirm();

  function resendNow() {
    resend.mutate(invitation.id, {
      onSuccess: (answer) => {
        if (answer.emailSent) toast.success(invitationResent(invitation.email));
        else onResent(answer);
      },
      onError: (err) => toast.error(errorMessage(err, 'Resend failed')),
    });
  }

  function confirmRevoke() {
    revoke.mutate(invitation.id, {
      onSuccess: () => toast.success(INVITATION_REVOKED),
      onError: (err) => toast.error(errorMessage(err, 'Revoke failed')),
    });
  }

  return (
    <tr className={confirming ? 'row-confirming' : undefined}>
      <td className={styles.email}>
        {invitation.email}
        {invitation.invited_by && <span className={styles.sender}>{sentBy(invitation.invited_by)}</span>}
      </td>
      {confirming ? (
        <td colSpan={4}>
          <InlineConfirm
            question={`Revoke the invitation to ${invitation.email}?`}
            busy={revoke.isPending}
            onConfirm={confirmRevoke}
            onCancel={cancel}
          />
        </td>
      ) : (
        <>
          <td>
            <RoleBadge roleKey={invitation.role} roles={roles} />
          </td>
          <td className={styles.nowrap}>{formatDate(invitation.created_at)}</td>
          <td className={styles.nowrap}>{formatDate(invitation.expires_at)}</td>
          <td className="cell-actions">
            <div className={styles.actions}>
              <Button
                size="sm"
                variant="secondary"
                loading={resend.isPending}
                onClick={resendNow}
                aria-label={`Resend the invitation to ${invitation.email}`}
              >
                Resend
              </Button>
              <button
                ref={triggerRef}
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={ask}
                aria-label={`Revoke the invitation to ${invitation.email}`}
              >
                Revoke
              </button>
            </div>
          </td>
        </>
      )}
    </tr>
  );
}

function InvitationList({
  tenantId,
  roles,
  onResent,
}: {
  tenantId: string;
  roles: readonly RoleType[] | undefined;
  onResent: (answer: PeopleInviteAnswer) => void;
}) {
  const invitations = usePendingInvitations(tenantId);
  if (invitations.isPending) {
    return (
      <div className={styles.loading} role="status" aria-label="Loading pending invitations">
        <Skeleton height={36} />
        <Skeleton height={36} />
      </div>
    );
  }
  if (invitations.isError)
    return (
      <ErrorState
        message={INVITATIONS_LOAD_FAILED}
        onRetry={() => void invitations.refetch()}
        retrying={invitations.isFetching}
      />
    );
  if (invitations.data.length === 0) return <EmptyState icon={MailCheck} message={INVITATIONS_EMPTY} />;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="sr-only">Pending invitations</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Sent</th>
            <th scope="col">Expires</th>
            <HiddenColumnHeader label="Actions" />
          </tr>
        </thead>
        <tbody>
          {invitations.data.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              tenantId={tenantId}
              roles={roles}
              onResent={onResent}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Pending invitations (admins): who has been invited and not joined yet. Resend emails a new link
 * (the old one stops working); Revoke withdraws the invitation after an inline confirmation.
 */
export function PendingInvitations({ tenantId, roles }: { tenantId: string; roles: readonly RoleType[] | undefined }) {
  const [resent, setResent] = useState<PeopleInviteAnswer | null>(null);
  const titleId = useId();
  return (
    <section className="card" aria-labelledby={titleId}>
      <header className="card-header">
        <h2 className="card-title" id={titleId}>
          Pending invitations
        </h2>
        <p className="card-description">
          People invited who have not joined yet. Resending sends a new link; the old one stops working.
        </p>
      </header>
      <InvitationList tenantId={tenantId} roles={roles} onResent={setResent} />
      {/* Without email delivery the new link is shown here to share by hand, as after inviting. */}
      <Dialog open={resent !== null} onOpenChange={(open) => !open && setResent(null)} title="Invitation sent again">
        {resent && <InviteResultView answer={{ ...resent, tenant_id: tenantId }} onDone={() => setResent(null)} />}
      </Dialog>
    </section>
  );
}
