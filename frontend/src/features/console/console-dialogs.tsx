import { useState } from 'react';
import { ImpersonateDialog } from './ImpersonateDialog';
import { InviteDialog, type InviteTab } from './InviteDialog';
import { AnnounceDialog } from './notifications/AnnounceDialog';
import { SuspendTenantDialog } from './SuspendTenantDialog';

/** The console's quick actions that open a dialog; an invitation opens on its tab. */
export type ConsoleDialog = 'impersonate' | 'notify' | 'suspend' | InviteTab;

/**
 * One of the quick-action dialogs open at a time, for the pages and the command palette that offer
 * them: `dialogs` goes once in the page, `openDialog` on each button or command.
 */
export function useConsoleDialogs() {
  const [open, setOpen] = useState<ConsoleDialog | null>(null);
  const close = () => setOpen(null);
  const dialogs = (
    <>
      <InviteDialog tab={open === 'new' || open === 'existing' ? open : null} onTabChange={setOpen} onClose={close} />
      <ImpersonateDialog open={open === 'impersonate'} onClose={close} />
      <AnnounceDialog open={open === 'notify'} onOpenChange={(next) => !next && close()} />
      <SuspendTenantDialog open={open === 'suspend'} tenant={null} onClose={close} />
    </>
  );
  return { openDialog: setOpen, dialogs };
}
