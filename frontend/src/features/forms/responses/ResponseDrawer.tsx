import type { FormResponseView } from '@portico/common';
import { answerText } from '@portico/common';
import { formatBytes } from '../../../ui/format';
import { Drawer } from '../../../ui/Drawer';
import { responderName, submittedAt } from '../response-display';
import { ResponseFileButton } from './ResponseFileButton';
import styles from './ResponseDrawer.module.css';

interface ResponseDrawerProps {
  tenantId: string;
  response: FormResponseView | null;
  onClose: () => void;
}

/** One response in full: every answered question with its label as it was when answered. */
export function ResponseDrawer({ tenantId, response, onClose }: ResponseDrawerProps) {
  return (
    <Drawer
      open={response !== null}
      onOpenChange={(open) => !open && onClose()}
      title={response ? responderName(response) : 'Response'}
      description={
        response
          ? `${response.user_email} · submitted ${submittedAt(response.created_at)} · version ${response.version}`
          : undefined
      }
    >
      {response && <ResponseItems tenantId={tenantId} response={response} />}
    </Drawer>
  );
}

export function ResponseItems({ tenantId, response }: { tenantId: string; response: FormResponseView }) {
  if (response.items.length === 0) return <p className={styles.none}>This response has no answers.</p>;
  return (
    <dl className={styles.items}>
      {response.items.map((item) => (
        <div key={item.question_id} className={styles.item}>
          <dt>{item.label}</dt>
          <dd>
            {item.file ? (
              <>
                <ResponseFileButton tenantId={tenantId} file={item.file} />
                <span className={styles.fileSize}>{formatBytes(item.file.size_bytes)}</span>
              </>
            ) : item.type === 'file' ? (
              <span className={styles.none}>The file is no longer available.</span>
            ) : (
              answerText(item.value) || '—'
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
