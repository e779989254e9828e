import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { FORM_AUTOSAVE_MS, FORM_MESSAGES } from '@portico/common';
import type { FormDetail, FormStatus } from '@portico/common';
import { useCreateForm, useSaveForm } from '../api/forms';
import { errorMessage } from '../../../lib/api/http';
import type { BuilderDraft } from './builder-state';
import { toFormInput } from './builder-state';

/** `auto`: the autosave (keeps the status); `draft` / `publish`: the buttons. */
export type SaveKind = 'auto' | 'draft' | 'publish';

const STATUS_OF: Record<SaveKind, FormStatus | undefined> = { auto: undefined, draft: 'draft', publish: 'published' };

interface Edited {
  draft: BuilderDraft;
  /** Counts edits; a save records the revision it sent. */
  revision: number;
}

interface Options {
  tenantId: string;
  /** The form being edited, or null until the first save creates it. */
  form: FormDetail | null;
  edited: Edited;
  /** Why the draft cannot be saved, or null when it can. */
  invalid: string | null;
  onCreated: (form: FormDetail) => void;
}

/**
 * Saving the builder's draft: autosave FORM_AUTOSAVE_MS after the last edit, and the Save Draft /
 * Publish buttons. Saves run one at a time, each sending the latest draft; an edit made during a
 * save schedules another. The editor's state is never replaced by what the server answers, so a
 * failed save keeps every edit.
 */
export function useBuilderSave({ tenantId, form, edited, invalid, onCreated }: Options) {
  const { mutateAsync: createForm } = useCreateForm(tenantId);
  const { mutateAsync: saveForm } = useSaveForm(tenantId);
  const [formId, setFormId] = useState<string | null>(form?.id ?? null);
  const [status, setStatus] = useState<FormStatus>(form?.status ?? 'draft');
  const [savedRevision, setSavedRevision] = useState(0);
  const [savedAt, setSavedAt] = useState<number | null>(form ? Date.parse(form.updated_at) : null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  // What a queued save reads when its turn comes: the newest edits, not those of when it was queued.
  const latest = useRef({ edited, invalid, formId, savedRevision });
  useEffect(() => {
    latest.current = { ...latest.current, edited, invalid };
  }, [edited, invalid]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // An autosave that keeps failing says so once, not after every edit.
  const failing = useRef(false);
  const created = useRef(onCreated);
  useEffect(() => {
    created.current = onCreated;
  }, [onCreated]);

  const runSave = useCallback(
    async (kind: SaveKind): Promise<boolean> => {
      const { edited: current, invalid: problem, formId: id, savedRevision: saved } = latest.current;
      if (kind === 'auto' && current.revision === saved) return true;
      if (problem) {
        if (kind !== 'auto') toast.error(`${FORM_MESSAGES.saveFailed}: ${problem}`);
        return false;
      }
      const nextStatus = STATUS_OF[kind];
      setSaving(true);
      try {
        const input = toFormInput(current.draft, nextStatus);
        const saved = id
          ? await saveForm({ id, input })
          : await createForm({ ...input, status: nextStatus ?? 'draft' });
        latest.current = {
          ...latest.current,
          formId: saved.id,
          savedRevision: Math.max(latest.current.savedRevision, current.revision),
        };
        setSavedRevision(latest.current.savedRevision);
        setFormId(saved.id);
        setStatus(saved.status);
        setSavedAt(Date.now());
        setFailed(null);
        failing.current = false;
        if (!id) created.current(saved);
        if (kind === 'publish') toast.success('Form published');
        if (kind === 'draft') toast.success('Draft saved');
        return true;
      } catch (err) {
        const message = errorMessage(err, 'Unknown error');
        setFailed(message);
        if (kind !== 'auto' || !failing.current) toast.error(`${FORM_MESSAGES.saveFailed}: ${message}`);
        failing.current = true;
        return false;
      } finally {
        setSaving(false);
      }
    },
    [createForm, saveForm],
  );

  /** Queues a save behind any in flight; resolves with whether it (or nothing to do) succeeded. */
  const save = useCallback(
    (kind: SaveKind): Promise<boolean> => {
      const turn = queue.current.then(() => runSave(kind));
      queue.current = turn.catch(() => undefined);
      return turn;
    },
    [runSave],
  );

  const { revision } = edited;
  const canSave = invalid === null;
  useEffect(() => {
    if (revision === 0 || !canSave) return;
    const timer = window.setTimeout(() => void save('auto'), FORM_AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [revision, canSave, save]);

  return { formId, status, savedAt, saving, failed, dirty: revision !== savedRevision, save };
}
