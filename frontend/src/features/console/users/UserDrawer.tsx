import { useState } from 'react';
import { Building2, KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import {
  useRevokeSession,
  useSendPasswordReset,
  useSuperUser,
  type PasswordResetSentAnswer,
  type UserDetails,
  type UserSession,
} from '../api/super-users';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { CopyLink } from '../../../ui/CopyLink';
import { DataTable } from '../../../ui/DataTable';
import { DetailList } from '../../../ui/DetailList';
import { Drawer } from '../../../ui/Drawer';
import { ErrorState } from '../../../ui/ErrorState';
import { InlineConfirm } from '../../../ui/InlineConfirm';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { dateTime, Note } from '../panels/parts';
import { statusTone } from '../tenant-display';
import styles from './UserDrawer.module.css';

function Memberships({ user }: { user: UserDetails }) {
  if (user.memberships.length === 0) return <Note as="p">Not a member of any workspace.</Note>;
  return (
    <DataTable
      rows={user.memberships}
      rowKey={(m) => m.tenant_id}
      caption="Workspaces"
      empty={{ icon: Building2, message: 'Not a member of any workspace.' }}
      columns={[
        { header: 'Workspace', variant: 'strong', cell: (m) => m.tenant_name },
        { header: 'Role', cell: (m) => <Badge tone="blue">{m.role}</Badge> },
        { header: 'Status', cell: (m) => <Badge tone={statusTone(m.status)}>{m.status}</Badge> },
      ]}
    />
  );
}

function SessionItem({ userId, session }: { userId: string; session: UserSession }) {
  const revoke = useRevokeSession(userId);
  const [confirming, setConfirming] = useState(false);
  const label = `Session started ${dateTime(session.started_at)}`;
  return (
    <li className={styles.session} aria-label={label}>
      <DetailList
        label={label}
        rows={[
          ['Started', dateTime(session.started_at)],
          ['Last used', session.last_used_at ? dateTime(session.last_used_at) : 'Not since it started'],
          ['Expires', dateTime(session.expires_at)],
          ...(session.impersonation
            ? [['Impersonation', `By ${session.impersonator_email ?? 'a super admin'}`] as const]
            : []),
        ]}
      />
      {confirming ? (
        <InlineConfirm
          question="Revoke this session?"
          busy={revoke.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            revoke.mutate(session.id, {
              onSuccess: () => toast.success('Session revoked'),
              onError: (err) => {
                setConfirming(false);
                toast.error(errorMessage(err, 'Failed to revoke the session'));
              },
            })
          }
        />
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          Revoke
        </Button>
      )}
    </li>
  );
}

function PasswordReset({ user }: { user: UserDetails }) {
  const send = useSendPasswordReset(user.id);
  const [sent, setSent] = useState<PasswordResetSentAnswer | null>(null);
  return (
    <div className={styles.panels}>
      <Button
        variant="secondary"
        loading={send.isPending}
        onClick={() =>
          send.mutate(undefined, {
            onSuccess: (answer) => {
              setSent(answer);
              if (answer.emailSent) toast.success(`A password reset link was sent to ${user.email}.`);
            },
            onError: (err) => toast.error(errorMessage(err, 'Failed to send the reset link')),
          })
        }
      >
        <KeyRound size={16} aria-hidden />
        Send password reset link
      </Button>
      {sent && !sent.emailSent && (
        <>
          <Alert tone="info">
            {sent.emailError ? `Reset link created, but email failed: ${sent.emailError}` : 'Reset link created.'} Share
            this link; it works once, for an hour.
          </Alert>
          {sent.reset_url && <CopyLink link={sent.reset_url} label="Password reset link" />}
        </>
      )}
    </div>
  );
}

function UserPanels({ user }: { user: UserDetails }) {
  return (
    <div className={styles.panels}>
      <DetailList
        label="Person"
        rows={[
          ['Email', user.email],
          ['Name', user.name ?? '—'],
          ['Last sign-in', dateTime(user.last_login_at)],
          ['Account created', dateTime(user.created_at)],
          ...(user.is_super_admin ? [['Platform role', 'Super admin'] as const] : []),
        ]}
      />
      <h3 className={styles.heading}>Workspaces</h3>
      <Memberships user={user} />
      <h3 className={styles.heading}>Live sessions</h3>
      {user.sessions.length === 0 ? (
        <Note as="p">No live sessions.</Note>
      ) : (
        <ul className={styles.sessions}>
          {user.sessions.map((s) => (
            <SessionItem key={s.id} userId={user.id} session={s} />
          ))}
        </ul>
      )}
      <h3 className={styles.heading}>Password</h3>
      <PasswordReset user={user} />
    </div>
  );
}

/** One person as the platform sees them: workspaces, live sessions (each revocable), a reset link. */
export function UserDrawer({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const user = useSuperUser(userId);
  return (
    <Drawer
      open={userId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={user.data?.name ?? user.data?.email ?? 'User'}
    >
      {user.isError && (
        <ErrorState
          message={errorMessage(user.error, 'Failed to load the user')}
          onRetry={() => void user.refetch()}
          retrying={user.isFetching}
        />
      )}
      {user.isPending && <Skeleton height={120} />}
      {user.data && <UserPanels key={user.data.id} user={user.data} />}
    </Drawer>
  );
}
