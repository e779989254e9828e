import { Dialog } from '../../../ui/Dialog';
import { AnnounceForm } from './AnnounceForm';

/** Notify Admins from Mission Control's quick actions or the command palette: the same compose form. */
export function AnnounceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Notify Admins"
      description="An announcement shown as a banner to its audience during its window."
      wide
    >
      <AnnounceForm onSent={() => onOpenChange(false)} />
    </Dialog>
  );
}
