import { Ban, KeyRound } from 'lucide-react';
import { WorkspaceSsoButton } from '../../features/auth';
import { useScope } from '../../lib/scope/scope-context';
import { Page } from '../../ui/Page';
import type { WorkspaceBlock } from './workspace-block';
import state from '../../ui/State.module.css';
import styles from './WorkspaceBlocked.module.css';

const TEXT: Record<WorkspaceBlock, { title: string; body: string }> = {
  tenant_suspended: {
    title: 'This workspace is suspended',
    body: 'Access to this workspace has been paused. Please contact its administrator or support for help.',
  },
  membership_suspended: {
    title: 'Your access is suspended',
    body: 'An administrator of this workspace has suspended your account. Please contact them to restore access.',
  },
  sso_required: {
    title: 'Sign in with single sign-on',
    body: 'This workspace requires its team to sign in with its single sign-on.',
  },
};

/** The whole page when the API closes the workspace to the user; `message` is the API's sentence, when it says more. */
export function WorkspaceBlocked({ reason, message }: { reason: WorkspaceBlock; message?: string }) {
  const { title, body } = TEXT[reason];
  const { activeTenantId } = useScope();
  const sso = reason === 'sso_required';
  return (
    <Page>
      <div className={`${state.state} ${styles.blocked}`} role="alert">
        {sso ? <KeyRound size={22} aria-hidden /> : <Ban size={22} aria-hidden />}
        <h1 className={styles.title}>{title}</h1>
        <p>{(sso && message) || body}</p>
        {sso && activeTenantId && (
          <div className={styles.action}>
            <WorkspaceSsoButton tenantId={activeTenantId} />
          </div>
        )}
      </div>
    </Page>
  );
}
