import { useEffect, useId, useRef } from 'react';
import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../ui/Button';
import { CardDescription } from '../../../ui/Card';
import { FormActions } from '../../../ui/Form';
import { saveBlob } from '../../../ui/download';
import styles from './two-factor.module.css';

/**
 * Recovery codes the server shows once: Copy, Download as a text file, and a continue button that
 * says the person kept them. The heading takes focus so a screen reader starts here.
 */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copied!');
    } catch {
      toast.error('Could not copy. Select the codes and copy them.');
    }
  }

  const download = () => saveBlob(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt');

  return (
    <section className={styles.codes} aria-labelledby={headingId}>
      <h2 className={styles.codesTitle} id={headingId} ref={heading} tabIndex={-1}>
        Save your recovery codes
      </h2>
      <CardDescription>
        Each code signs you in once if you lose your authenticator app. They are shown only now: keep them somewhere
        safe.
      </CardDescription>
      <ol className={styles.codeList} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <FormActions>
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy size={16} aria-hidden />
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download size={16} aria-hidden />
          Download (.txt)
        </Button>
        <Button onClick={onContinue}>I have saved them</Button>
      </FormActions>
    </section>
  );
}
