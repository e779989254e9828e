import { useEffect, useState } from 'react';

/** True once `active` has stayed true for `ms` within the same `round`; a new round starts over. */
export function useTimedOut(active: boolean, ms: number, round: number): boolean {
  const [expiredRound, setExpiredRound] = useState<number | null>(null);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setExpiredRound(round), ms);
    return () => clearTimeout(timer);
  }, [active, ms, round]);
  return active && expiredRound === round;
}
