import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Eye, KeyRound, MoreHorizontal, Pencil, PauseCircle, PlayCircle, Trash2 } from 'lucide-react';
import type { Person } from './api/people';
import clsx from 'clsx';
import { IconButton } from '../../ui/Button';
import styles from '../../ui/Menu.module.css';

export type RowAction = 'view' | 'edit' | 'toggleStatus' | 'resetPassword' | 'delete';

/** The row menu of the CRM users table (keyboard: arrows, Enter, Escape). */
export function RowMenu({ person, onAction }: { person: Person; onAction: (action: RowAction) => void }) {
  const suspended = person.status === 'suspended';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton label={`Actions for ${person.email}`} icon={MoreHorizontal} size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={4}>
          <DropdownMenu.Item className={styles.item} onSelect={() => onAction('view')}>
            <Eye size={16} aria-hidden />
            View details
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={() => onAction('edit')}>
            <Pencil size={16} aria-hidden />
            Edit
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={() => onAction('toggleStatus')}>
            {suspended ? <PlayCircle size={16} aria-hidden /> : <PauseCircle size={16} aria-hidden />}
            {suspended ? 'Reactivate' : 'Suspend'}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={() => onAction('resetPassword')}>
            <KeyRound size={16} aria-hidden />
            Reset password
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={clsx(styles.item, styles.danger)} onSelect={() => onAction('delete')}>
            <Trash2 size={16} aria-hidden />
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
