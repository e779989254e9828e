import { useSyncExternalStore } from 'react';
import { browserStorage } from './key-value-store';

/** localStorage that React can subscribe to, so scope and tenant choices re-render their readers. */
const storage = browserStorage();
const listeners = new Set<() => void>();
let listening = false;

function notify() {
  for (const listener of listeners) listener();
}

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
    // Other tabs' writes are heard from the first reader on, so importing the store touches no window.
    if (!listening) {
      window.addEventListener('storage', notify);
      listening = true;
    }
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function useStoredValue(key: string | null): string | null {
  return useSyncExternalStore(localStore.subscribe, () => (key ? localStore.get(key) : null));
}
