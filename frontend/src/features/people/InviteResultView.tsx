import type { InviteAnswer } from '../../lib/api/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CopyLink } from '../../ui/CopyLink';
import { FormActions } from '../../ui/Form';
import styles from './InviteResultView.module.css';
import { inviteResultText } from './invite-result';

interface InviteResultViewProps {
  answer: InviteAnswer;
  /** Offers 'Send Another' when given. */
  onAnother?: () => void;
  onDone: () => void;
}

export function InviteResultView({ answer, onAnother, onDone }: InviteResultViewProps) {
  const link = answer.signup_url;
  return (
    <div className={styles.result}>
      <Alert tone={answer.emailSent ? 'success' : 'info'}>{inviteResultText(answer)}</Alert>
      {link && <CopyLink link={link} label="Invitation link" />}
      <FormActions>
        {onAnother && (
          <Button variant="secondary" onClick={onAnother}>
            Send Another
          </Button>
        )}
        <Button onClick={onDone}>Done</Button>
      </FormActions>
    </div>
  );
}
