import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { errorMessage } from '../../../lib/api/http';
import type { UploadControl } from '../api';

/** A file to upload, and where it sat in what was dropped: `Contracts/2026/a.pdf` from a dropped folder, else its name. */
export interface ChosenFile {
  file: File;
  relativePath: string;
}

/** Where an upload is: waiting for a free slot, being sent, or ended (stored, refused, cancelled). */
export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem<Target, Result = void> extends ChosenFile {
  id: string;
  /** What the file is sent with (recipients, title, a folder…): set when it was queued, kept for a retry. */
  target: Target;
  status: UploadStatus;
  /** How much has been sent, from 0 to 1. */
  progress: number;
  /** The server's sentence when it refused the file. */
  error: string | null;
  /** What the upload answered once it is done. */
  result: Result | null;
}

export interface UploadQueueOptions<Target, Result = void> {
  /** Sends one file; the queue aborts `signal` on Cancel. Injected, so the caller decides where the file goes. */
  upload: (item: UploadItem<Target, Result>, control: Required<UploadControl>) => Promise<Result>;
  /** How many files are sent at once. */
  concurrency?: number;
  /** The queue has nothing left to send: the files that ended since it last had nothing to send. */
  onIdle?: (ended: readonly UploadItem<Target, Result>[]) => void;
}

const ENDED: readonly UploadStatus[] = ['done', 'failed', 'cancelled'];
const hasEnded = (item: Pick<UploadItem<unknown, unknown>, 'status'>) => ENDED.includes(item.status);

/**
 * The queue outside React: uploads run from promises that outlive renders, so its state lives here and
 * the hook reads it with useSyncExternalStore.
 */
function createUploadQueue<Target, Result>(initial: UploadQueueOptions<Target, Result>) {
  type Item = UploadItem<Target, Result>;
  // The component's latest options (configure, after each render), read when an upload starts or ends.
  let options = initial;
  let items: readonly Item[] = [];
  let created = 0;
  const listeners = new Set<() => void>();
  const controllers = new Map<string, AbortController>();
  const ended = new Set<string>();

  function set(next: readonly Item[]) {
    items = next;
    for (const listener of listeners) listener();
  }
  function patch(id: string, fields: Partial<Item>) {
    set(items.map((item) => (item.id === id ? { ...item, ...fields } : item)));
  }
  function end(id: string, fields: Partial<Item>) {
    controllers.delete(id);
    ended.add(id);
    patch(id, fields);
    pump();
  }

  function start(item: Item) {
    const controller = new AbortController();
    controllers.set(item.id, controller);
    patch(item.id, { status: 'uploading', progress: 0, error: null });
    options
      .upload(
        { ...item, status: 'uploading' },
        { signal: controller.signal, onProgress: (progress) => patch(item.id, { progress }) },
      )
      .then(
        (result) => end(item.id, { status: 'done', progress: 1, result }),
        (err: unknown) =>
          end(
            item.id,
            controller.signal.aborted
              ? { status: 'cancelled' }
              : { status: 'failed', error: errorMessage(err, 'Upload failed') },
          ),
      );
  }

  /** Starts waiting files while there are free slots; tells `onIdle` once nothing is left to send. */
  function pump() {
    const { concurrency = 3, onIdle } = options;
    let sending = items.filter((item) => item.status === 'uploading').length;
    for (const item of items) {
      if (sending >= concurrency) break;
      if (item.status !== 'waiting') continue;
      start(item);
      sending += 1;
    }
    if (sending > 0 || ended.size === 0) return;
    const endedItems = items.filter((item) => ended.has(item.id));
    ended.clear();
    onIdle?.(endedItems);
  }

  return {
    configure(latest: UploadQueueOptions<Target, Result>) {
      options = latest;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    items: () => items,
    /** Queues files to send with `target`; they start as slots free up. */
    add(files: readonly ChosenFile[], target: Target) {
      const added = files.map((chosen): Item => ({
        ...chosen,
        id: `upload-${(created += 1)}`,
        target,
        status: 'waiting',
        progress: 0,
        error: null,
        result: null,
      }));
      set([...items, ...added]);
      pump();
    },
    /** Aborts a file being sent, or takes a waiting one out of the line. */
    cancel(id: string) {
      const controller = controllers.get(id);
      if (controller) controller.abort();
      else if (items.some((item) => item.id === id && item.status === 'waiting')) end(id, { status: 'cancelled' });
    },
    /** Sends a refused or cancelled file again, with what it was first sent with. */
    retry(id: string) {
      if (!items.some((item) => item.id === id && (item.status === 'failed' || item.status === 'cancelled'))) return;
      patch(id, { status: 'waiting', progress: 0, error: null });
      pump();
    },
    /** Takes an ended file off the list. */
    dismiss(id: string) {
      ended.delete(id);
      set(items.filter((item) => item.id !== id || !hasEnded(item)));
    },
    /** Takes every stored file off the list. */
    clearDone() {
      set(items.filter((item) => item.status !== 'done'));
    },
  };
}

/**
 * A queue of file uploads sent a few at a time, each with its progress, Cancel and Retry. The caller
 * injects `upload`, which sends one file (its `relativePath` says where it sat in a dropped folder).
 * Files already queued when the component goes away are still sent (the person pressed Upload for
 * them), and `onIdle` still hears when they are done.
 */
export function useUploadQueue<Target, Result = void>(options: UploadQueueOptions<Target, Result>) {
  const [queue] = useState(() => createUploadQueue(options));
  useLayoutEffect(() => queue.configure(options));
  const items = useSyncExternalStore(queue.subscribe, queue.items);
  return {
    items,
    add: queue.add,
    cancel: queue.cancel,
    retry: queue.retry,
    dismiss: queue.dismiss,
    clearDone: queue.clearDone,
  };
}
