import { FORM_MESSAGES } from '@portico/common';
import { relativeAge } from '../../../ui/relative-age';

/** Below this many seconds a save reads "just now" rather than a count that changes every tick. */
const JUST_NOW_SECONDS = 5;

/** "just now", "12 seconds ago", "3 minutes ago", "yesterday". */
export function savedAgo(savedAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - savedAt) / 1000));
  if (seconds < JUST_NOW_SECONDS) return 'just now';
  if (seconds < 60) return `${seconds} seconds ago`;
  return relativeAge(new Date(savedAt).toISOString(), now);
}

export interface SaveStatusInput {
  saving: boolean;
  /** Edits not yet saved. */
  dirty: boolean;
  /** Why the draft cannot be saved as it is, if it cannot. */
  invalid: string | null;
  /** The server's sentence from the last failed save, cleared by the next success. */
  failed: string | null;
  /** When the form was last saved (ms), if ever. */
  savedAt: number | null;
}

export type SaveStatusTone = 'neutral' | 'busy' | 'warning' | 'error';

export interface SaveStatus {
  text: string;
  tone: SaveStatusTone;
}

/** The builder's save line: 'Saving…', why it cannot save, that it failed, or when it last saved. */
export function saveStatus(input: SaveStatusInput, now: number): SaveStatus {
  if (input.saving) return { text: 'Saving…', tone: 'busy' };
  if (input.dirty && input.invalid) return { text: `Not saved: ${input.invalid}`, tone: 'warning' };
  if (input.failed) return { text: `${FORM_MESSAGES.saveFailed}: ${input.failed}`, tone: 'error' };
  if (input.savedAt !== null) return { text: `Last saved ${savedAgo(input.savedAt, now)}`, tone: 'neutral' };
  return { text: input.dirty ? 'Unsaved changes' : 'Not saved yet', tone: 'neutral' };
}
