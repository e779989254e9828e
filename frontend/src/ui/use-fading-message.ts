import { useCallback, useEffect, useState } from 'react';

/** A message that disappears `ms` after it was last shown; showing another restarts the clock. */
export function useFadingMessage<T>(ms: number): [T | null, (message: T) => void] {
  const [shown, setShown] = useState<{ message: T } | null>(null);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), ms);
    return () => clearTimeout(timer);
  }, [shown, ms]);
  const show = useCallback((message: T) => setShown({ message }), []);
  return [shown?.message ?? null, show];
}
