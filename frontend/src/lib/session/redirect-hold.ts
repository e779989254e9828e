import { useEffect, useSyncExternalStore } from 'react';

/** Pages running their own post-sign-in flow hold the automatic redirect while they work. */
let holds = 0;
const listeners = new Set<() => void>();

function change(delta: number) {
  holds += delta;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function isRedirectHeld(): boolean {
  return holds > 0;
}

/** Re-renders when a hold starts or ends. */
export function useRedirectHeld(): boolean {
  return useSyncExternalStore(subscribe, isRedirectHeld);
}

export function useHoldPostSignInRedirect(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    change(1);
    return () => change(-1);
  }, [active]);
}
