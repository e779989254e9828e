import { useId, useRef, useState } from 'react';
import { FileText, X } from 'lucide-react';
import type { FormQuestion, ResponseFile } from '@portico/common';
import { uploadFormFile } from '../api/forms';
import { Button } from '../../../ui/Button';
import { Input } from '../../../ui/Field';
import { errorMessage } from '../../../lib/api/http';
import { formatBytes } from '../../../ui/format';
import progressBar from '../../../ui/Progress.module.css';
import styles from './FileAnswer.module.css';

interface Props {
  tenantId: string;
  formId: string;
  question: FormQuestion;
  /** The uploaded file that answers the question, if any. */
  file: ResponseFile | null;
  onUploaded: (file: ResponseFile | null) => void;
  /** Tells the page an upload started or ended, so it does not submit half an answer. */
  onBusy: (busy: boolean) => void;
  disabled: boolean;
}

/** A file question's control: picks a file, uploads it at once with progress, then shows it with Remove. */
export function FileAnswer({ tenantId, formId, question, file, onUploaded, onBusy, disabled }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(picked: File) {
    setError(null);
    setUploading(picked.name);
    setProgress(0);
    onBusy(true);
    try {
      onUploaded(await uploadFormFile(tenantId, formId, question.id, picked, setProgress));
    } catch (err) {
      // 413 and the other refusals carry the server's sentence (e.g. the size limit).
      setError(errorMessage(err, 'Upload failed'));
    } finally {
      setProgress(null);
      setUploading(null);
      onBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  if (file) {
    return (
      <div className={styles.chosen}>
        <FileText size={18} aria-hidden />
        <span className={styles.name}>{file.original_name}</span>
        <span className={styles.size}>{formatBytes(file.size_bytes)}</span>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Remove ${file.original_name}`}
          disabled={disabled}
          onClick={() => {
            onUploaded(null);
            requestAnimationFrame(() => inputRef.current?.focus());
          }}
        >
          <X size={14} aria-hidden />
          Remove
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.picker}>
      <Input
        ref={inputRef}
        type="file"
        className={styles.input}
        aria-label={question.label}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        disabled={disabled || uploading !== null}
        onChange={(e) => {
          const picked = e.target.files?.[0];
          if (picked) void upload(picked);
        }}
      />
      {progress !== null && (
        <div className={progressBar.progress}>
          <progress max={1} value={progress} aria-label={`Uploading ${uploading ?? 'the file'}`} />
          <span>{Math.round(progress * 100)}%</span>
        </div>
      )}
      {error && (
        <p className={styles.error} id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
