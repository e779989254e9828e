import { useEffect, useRef, useState } from 'react';

/**
 * The inline Confirm / Cancel of a row (tenant-portal §4): `ask` turns the row into the question,
 * `cancel` turns it back and returns focus to the button that asked.
 */
export function useInlineConfirm() {
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);

  useEffect(() => {
    if (confirming || !restoreFocus.current) return;
    restoreFocus.current = false;
    triggerRef.current?.focus();
  }, [confirming]);

  return {
    confirming,
    triggerRef,
    ask: () => setConfirming(true),
    cancel: () => {
      restoreFocus.current = true;
      setConfirming(false);
    },
  };
}
