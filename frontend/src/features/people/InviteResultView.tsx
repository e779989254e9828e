import type { InviteAnswer } from '../../lib/api/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CopyLink } from '../../ui/CopyLink';
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
    <div className="form">
      <Alert tone={answer.emailSent ? 'success' : 'info'}>{inviteResultText(answer)}</Alert>
      {link && <CopyLink link={link} label="Invitation link" />}
      <div className="form-actions">
        {onAnother && (
          <Button variant="secondary" onClick={onAnother}>
            Send Another
          </Button>
        )}
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
