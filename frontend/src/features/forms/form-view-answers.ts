import { RATING_MAX } from '@portico/common';
import type { Answers } from '@portico/common';

/** Reading an answer for a control: an answer of the wrong shape (an old or edited form) shows as empty. */

export function asText(value: Answers[string]): string {
  return typeof value === 'string' ? value : '';
}

export function asList(value: Answers[string]): string[] {
  return Array.isArray(value) ? value : [];
}

export function asRating(value: Answers[string]): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= RATING_MAX ? value : null;
}

/** A checkbox answer with `option` toggled, kept in the order the options are listed. */
export function toggleOption(chosen: readonly string[], option: string, options: readonly string[]): string[] {
  const next = new Set(chosen);
  if (next.has(option)) next.delete(option);
  else next.add(option);
  return options.filter((o) => next.has(o));
}
