import { useState } from 'react';
import type { InviteAnswer } from '../../lib/api/types';
import { Dialog } from '../../ui/Dialog';
import { Tabs } from '../../ui/Tabs';
import type { TabItem } from '../../ui/Tabs';
import { ExistingTenantForm } from './ExistingTenantForm';
import { InviteResultView } from '../people';
import { NewTenantForm } from './NewTenantForm';

export type InviteTab = 'existing' | 'new';

const TABS: readonly TabItem<InviteTab>[] = [
  { key: 'existing', label: 'Existing Tenant' },
  { key: 'new', label: 'New Tenant' },
];

interface InviteDialogProps {
  /** The open tab, or null when closed. */
  tab: InviteTab | null;
  onTabChange: (tab: InviteTab) => void;
  onClose: () => void;
}

export function InviteDialog({ tab, onTabChange, onClose }: InviteDialogProps) {
  const [result, setResult] = useState<InviteAnswer | null>(null);

  function close() {
    setResult(null);
    onClose();
  }

  return (
    <Dialog
      open={tab !== null}
      onOpenChange={(open) => !open && close()}
      title="Invite User"
      description="Invite someone to an existing tenant, or create a tenant and invite its first admin."
      wide
    >
      {result ? (
        <InviteResultView answer={result} onAnother={() => setResult(null)} onDone={close} />
      ) : (
        <Tabs label="Invitation type" tabs={TABS} value={tab ?? 'existing'} onChange={onTabChange}>
          {tab === 'new' ? <NewTenantForm onCreated={setResult} /> : <ExistingTenantForm onCreated={setResult} />}
        </Tabs>
      )}
    </Dialog>
  );
}
