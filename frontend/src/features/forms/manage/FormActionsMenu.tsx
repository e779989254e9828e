import { Link } from 'react-router-dom';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Archive, ArchiveRestore, Copy, ExternalLink, Inbox, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { FormSummary } from '@portico/common';
import { IconButton } from '../../../ui/Button';
import { useScope } from '../../../lib/scope/scope-context';
import { formPaths } from './form-manage';
import styles from '../../../ui/Menu.module.css';

export type FormAction = 'copy' | 'archive' | 'delete';

interface FormActionsMenuProps {
  form: Pick<FormSummary, 'id' | 'title' | 'status'>;
  canDelete: boolean;
  onAction: (action: FormAction) => void;
}

/** The entries that open another page of the form, as links (a new tab, the address on hover). */
const PAGE_LINKS: { label: string; icon: LucideIcon; path: (id: string) => string }[] = [
  { label: 'Edit', icon: Pencil, path: formPaths.edit },
  { label: 'Open form', icon: ExternalLink, path: formPaths.fill },
  { label: 'Responses', icon: Inbox, path: formPaths.responses },
];

/** Every action on one form (keyboard: arrows, Enter, Escape); the page-changing ones are real links. */
export function FormActionsMenu({ form, canDelete, onAction }: FormActionsMenuProps) {
  const { tenantPath } = useScope();
  const archived = form.status === 'archived';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton label={`Actions for ${form.title}`} icon={MoreHorizontal} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4}>
          {PAGE_LINKS.map(({ label, icon: Icon, path }) => (
            <DropdownMenu.Item key={label} className={styles.item} asChild>
              <Link to={tenantPath(path(form.id))}>
                <Icon size={16} aria-hidden />
                {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item className={styles.item} onSelect={() => onAction('copy')}>
            <Copy size={16} aria-hidden />
            Make a copy
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={() => onAction('archive')}>
            {archived ? <ArchiveRestore size={16} aria-hidden /> : <Archive size={16} aria-hidden />}
            {archived ? 'Unarchive' : 'Archive'}
          </DropdownMenu.Item>
          {canDelete && (
            <>
              <DropdownMenu.Separator className={styles.separator} />
              <DropdownMenu.Item className={clsx(styles.item, styles.danger)} onSelect={() => onAction('delete')}>
                <Trash2 size={16} aria-hidden />
                Delete
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
