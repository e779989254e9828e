import { useCallback, useMemo, useRef } from 'react';

/**
 * Remembers the element that had focus when a panel opened, and gives focus back to it on close.
 * Our panels open from our own buttons rather than a Radix Trigger, so nothing else knows the opener.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const restore = useCallback(() => opener.current?.focus(), []);
  return { remember, restore };
}

/** `useReturnFocus` as the two focus handlers of a Radix `Dialog.Content` (which would otherwise aim at a Trigger). */
export function useDialogReturnFocus() {
  const { remember, restore } = useReturnFocus();
  return useMemo(
    () => ({
      onOpenAutoFocus: remember,
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        restore();
      },
    }),
    [remember, restore],
  );
}
