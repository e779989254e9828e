import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import type { InviteAnswer } from '../../api/types';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { inviteResultText } from './invite-result';

interface InviteResultViewProps {
  answer: InviteAnswer;
  /** Offers 'Send Another' when given. */
  onAnother?: () => void;
  onDone: () => void;
}

export function InviteResultView({ answer, onAnother, onDone }: InviteResultViewProps) {
  const [copied, setCopied] = useState(false);
  const link = answer.signup_url;

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success('Copied!');
    } catch {
      toast.error('Could not copy. Select the link and copy it.');
    }
  }

  return (
    <div className="form">
      <Alert tone={answer.emailSent ? 'success' : 'info'}>{inviteResultText(answer)}</Alert>
      {link && (
        <div className="copy-row">
          <input
            className="input"
            readOnly
            value={link}
            aria-label="Invitation link"
            onFocus={(e) => e.target.select()}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
            {copied ? 'Copied!' : 'Copy'}
          </Button>
        </div>
      )}
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
