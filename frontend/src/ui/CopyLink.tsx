import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from './Button';
import { Input } from './Field';
import styles from './CopyLink.module.css';

/** A link to share by hand (an invitation, a reset link), read-only with a Copy button. */
export function CopyLink({ link, label }: { link: string; label: string }) {
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success('Copied!');
    } catch {
      toast.error('Could not copy. Select the link and copy it.');
    }
  }

  return (
    <div className={styles.row}>
      <Input readOnly value={link} aria-label={label} onFocus={(e) => e.target.select()} />
      <Button variant="secondary" onClick={() => void copy()}>
        {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
        {copied ? 'Copied!' : 'Copy'}
      </Button>
    </div>
  );
}
