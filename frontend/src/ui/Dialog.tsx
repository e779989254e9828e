import clsx from 'clsx';
import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { IconButton } from './Button';
import { useDialogReturnFocus } from './use-return-focus';
import styles from './Dialog.module.css';

export interface ModalPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}

/** The modal surface of Dialog and of Drawer; `className` decides how it looks and where it sits. */
export function ModalPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: ModalPanelProps & { className?: string }) {
  const returnFocus = useDialogReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={className}
          {...returnFocus}
          // Radix links its Description automatically; without one the attribute must be cleared.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          )}
          {children}
          {/* Last in the DOM so the first field, not the close button, receives focus on open. */}
          <RadixDialog.Close asChild>
            <IconButton className={styles.close} label="Close" icon={X} />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Modal dialog: traps focus, returns it to the opener, closes on Escape and outside click. */
export function Dialog({ wide, ...panel }: ModalPanelProps & { wide?: boolean }) {
  return <ModalPanel className={clsx(styles.dialog, wide && styles.wide)} {...panel} />;
}
