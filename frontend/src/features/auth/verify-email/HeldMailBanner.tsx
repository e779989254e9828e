import { Mail } from 'lucide-react';
import { useHeldMail } from '../api/email-confirmation';
import styles from './HeldMailBanner.module.css';
import { ResendConfirmationButton } from './ResendConfirmationButton';

const waiting = (count: number) =>
  count === 0 ? '' : ` (${count === 1 ? '1 message waits' : `${count} messages wait`})`;

/**
 * Above the admin pages of a workspace whose owner has not confirmed their address (issue 31): its
 * mail to clients waits until they do. The owner is given the link again; other admins are told whom
 * it waits for. Nothing shows while it is asked, or for whoever may not ask.
 */
export function HeldMailBanner({ tenantId }: { tenantId: string | null }) {
  const { data } = useHeldMail(tenantId);
  if (!data?.held) return null;
  return (
    <div className={styles.banner} role="status">
      <Mail size={16} aria-hidden />
      {data.yours ? (
        <>
          <span className={styles.message}>
            Confirm your email address: mail to your clients waits until you do{waiting(data.count)}.
          </span>
          <ResendConfirmationButton variant="link" />
        </>
      ) : (
        <span className={styles.message}>
          Mail to this workspace’s clients waits until its owner confirms their email address{waiting(data.count)}.
        </span>
      )}
    </div>
  );
}
