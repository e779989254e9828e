import { useEffect, useState } from 'react';
import { Command } from 'cmdk';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { usePurgeCache, useRebuildSearchIndex } from './api/console';
import { Dialog } from '../../ui/Dialog';
import { errorMessage } from '../../lib/api/http';
import { useConsoleDialogs } from './console-dialogs';
import field from '../../ui/Field.module.css';
import styles from './CommandPalette.module.css';

/** Cmd/Ctrl+Shift+K: the platform-console §2 shortcut. */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  return (event.metaKey || event.ctrlKey) && event.shiftKey && event.key.toLowerCase() === 'k';
}

/** The super admin's command palette: every command does what it says. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const { openDialog, dialogs } = useConsoleDialogs();
  const navigate = useNavigate();
  const purge = usePurgeCache();
  const rebuild = useRebuildSearchIndex();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const run = (work: () => void) => {
    setOpen(false);
    work();
  };
  const commands = [
    { label: 'Create Tenant', run: () => openDialog('new') },
    { label: 'Suspend Tenant', run: () => openDialog('suspend') },
    { label: 'Open Tenants and Domains', run: () => navigate('/super/tenants') },
    { label: 'Open User Management', run: () => navigate('/superadmin/user-management') },
    { label: 'Open Queues and Jobs', run: () => navigate('/super/jobs') },
    { label: 'Open Audit Logs', run: () => navigate('/super/audit') },
    { label: 'Open Settings', run: () => navigate('/super/settings') },
    { label: 'Open App Health', run: () => navigate('/super/health') },
    { label: 'Open Mission Control', run: () => navigate('/super') },
    { label: 'Impersonate', run: () => openDialog('impersonate') },
    { label: 'Open Notifications', run: () => navigate('/super/notifications') },
    { label: 'Open Integrations', run: () => navigate('/super/integrations') },
    { label: 'Notify Admins', run: () => openDialog('notify') },
    {
      label: 'Purge Cache',
      run: () =>
        purge.mutate(undefined, {
          onSuccess: () => toast.success('Caches purged. Every process reads fresh data on its next request.'),
          onError: (err) => toast.error(errorMessage(err, 'The caches could not be purged.')),
        }),
    },
    {
      label: 'Rebuild Search Index',
      run: () =>
        rebuild.mutate(undefined, {
          onSuccess: () => {
            toast.success('Search index rebuild queued. Follow it on Queues and Jobs.');
            navigate('/super/jobs');
          },
          onError: (err) => toast.error(errorMessage(err, 'The rebuild could not be queued.')),
        }),
    },
  ];

  return (
    <>
      <Dialog open={open} onOpenChange={setOpen} title="Command palette">
        <Command label="Commands">
          <Command.Input className={field.input} placeholder="Type a command…" aria-label="Command" autoFocus />
          <Command.List className={styles.list}>
            <Command.Empty>No command matches.</Command.Empty>
            {commands.map((command) => (
              <Command.Item
                key={command.label}
                className={styles.item}
                value={command.label}
                onSelect={() => run(command.run)}
              >
                {command.label}
              </Command.Item>
            ))}
          </Command.List>
        </Command>
      </Dialog>
      {dialogs}
    </>
  );
}
