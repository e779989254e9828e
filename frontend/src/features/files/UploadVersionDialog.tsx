import { useState } from 'react';
import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { FILE_MESSAGES } from '@portico/common';
import type { PortalFile } from './api';
import { useUploadFileVersion } from './versions-api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { errorMessage } from '../../lib/api/http';
import progressBar from '../../ui/Progress.module.css';
import styles from './FileVersions.module.css';

interface UploadVersionDialogProps {
  tenantId: string;
  /** The file to give a new version; null keeps the dialog closed. */
  file: PortalFile | null;
  onClose: () => void;
}

/**
 * Uploads a new version of a file (issue 33): its downloads and previews serve it from then on, for
 * everyone the file is shared with; earlier versions stay in its history. A copy shared on its own
 * (Share again) is a file of its own and keeps what it was shared with.
 */
export function UploadVersionDialog({ tenantId, file, onClose }: UploadVersionDialogProps) {
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const upload = useUploadFileVersion(tenantId, setProgress);
  const uploading = upload.isPending;

  function close() {
    setChosen(null);
    upload.reset();
    onClose();
  }

  function send() {
    if (!file || !chosen) return;
    setProgress(0);
    upload.mutate(
      { fileId: file.id, file: chosen },
      {
        onSuccess: ({ version }) => {
          toast.success(`Uploaded version ${version.number} of “${file.title}”`);
          close();
        },
      },
    );
  }

  const problem = upload.isError ? `Upload failed: ${errorMessage(upload.error, 'Upload failed')}` : null;
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => !open && !uploading && close()}
      title="Upload new version"
      description={
        file
          ? `Replace what “${file.title}” serves with a new file. Everyone it is shared with gets the new version; earlier versions stay in its history.`
          : undefined
      }
    >
      <Form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
        noValidate
      >
        <TextField
          label="New version"
          type="file"
          help={chosen ? chosen.name : FILE_MESSAGES.selectFile}
          disabled={uploading}
          onChange={(e) => {
            setChosen(e.target.files?.[0] ?? null);
            upload.reset();
          }}
        />
        {uploading && (
          <div className={progressBar.progress}>
            <progress max={1} value={progress} aria-label="Upload progress" />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        )}
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
        <FormActions>
          <Button type="button" variant="secondary" disabled={uploading} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={!chosen} loading={uploading}>
            {!uploading && <Upload size={16} aria-hidden />}
            Upload version
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
