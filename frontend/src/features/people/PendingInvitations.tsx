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
import { Card, CardHeader } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { ErrorState } from '../../ui/ErrorState';
import { DataTable } from '../../ui/DataTable';
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

interface ActionsProps {
  invitation: PendingInvitation;
  tenantId: string;
  onResent: (answer: PeopleInviteAnswer) => void;
}

/** Resend and Revoke; Revoke turns them into its inline question. */
function InvitationActions({ invitation, tenantId, onResent }: ActionsProps) {
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

  if (confirming)
    return (
      <InlineConfirm
        question={`Revoke the invitation to ${invitation.email}?`}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={cancel}
      />
    );
  return (
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
      <Button
        ref={triggerRef}
        size="sm"
        variant="secondary"
        onClick={ask}
        aria-label={`Revoke the invitation to ${invitation.email}`}
      >
        Revoke
      </Button>
    </div>
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
  return (
    <DataTable
      rows={invitations.data}
      rowKey={(invitation) => invitation.id}
      caption="Pending invitations"
      empty={{ icon: MailCheck, message: INVITATIONS_EMPTY }}
      columns={[
        {
          header: 'Email',
          variant: 'strong',
          cell: (invitation) => (
            <>
              {invitation.email}
              {invitation.invited_by && <span className={styles.sender}>{sentBy(invitation.invited_by)}</span>}
            </>
          ),
        },
        { header: 'Role', cell: (invitation) => <RoleBadge roleKey={invitation.role} roles={roles} /> },
        { header: 'Sent', className: styles.nowrap, cell: (invitation) => formatDate(invitation.created_at) },
        { header: 'Expires', className: styles.nowrap, cell: (invitation) => formatDate(invitation.expires_at) },
        {
          header: 'Actions',
          hideHeader: true,
          variant: 'actions',
          cell: (invitation) => <InvitationActions invitation={invitation} tenantId={tenantId} onResent={onResent} />,
        },
      ]}
    />
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
    <Card aria-labelledby={titleId}>
      <CardHeader
        id={titleId}
        title="Pending invitations"
        description="People invited who have not joined yet. Resending sends a new link; the old one stops working."
      />
      <InvitationList tenantId={tenantId} roles={roles} onResent={setResent} />
      {/* Without email delivery the new link is shown here to share by hand, as after inviting. */}
      <Dialog open={resent !== null} onOpenChange={(open) => !open && setResent(null)} title="Invitation sent again">
        {resent && <InviteResultView answer={{ ...resent, tenant_id: tenantId }} onDone={() => setResent(null)} />}
      </Dialog>
    </Card>
  );
}
