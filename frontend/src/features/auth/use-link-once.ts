import { useEffect, useRef } from 'react';

/**
 * Spends the page's emailed link (`token`) once as the page opens: a link works once, and React's
 * strict mode runs an effect twice.
 */
export function useLinkOnce(token: string | null, spend: (token: string) => void): void {
  const asked = useRef(false);
  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    spend(token);
  }, [token, spend]);
}
