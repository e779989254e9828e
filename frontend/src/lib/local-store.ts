import { useSyncExternalStore } from 'react';
import { browserStorage } from './key-value-store';

/** localStorage that React can subscribe to, so scope and tenant choices re-render their readers. */
const storage = browserStorage();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

window.addEventListener('storage', notify);

export const localStore = {
  get(key: string): string | null {
    return storage.getItem(key);
  },
  /** Writes the value, or removes the key when it is null. */
  set(key: string, value: string | null) {
    if (storage.getItem(key) === value) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function useStoredValue(key: string | null): string | null {
  return useSyncExternalStore(localStore.subscribe, () => (key ? localStore.get(key) : null));
}
