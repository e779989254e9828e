import { Ban } from 'lucide-react';
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
};

export function WorkspaceBlocked({ reason }: { reason: WorkspaceBlock }) {
  const { title, body } = TEXT[reason];
  return (
    <Page>
      <div className={`${state.state} ${styles.blocked}`} role="alert">
        <Ban size={22} aria-hidden />
        <h1 className={styles.title}>{title}</h1>
        <p>{body}</p>
      </div>
    </Page>
  );
}
