import type { FormResponseView, ResponseItem } from '@portico/common';

/** How responses read in the table, the detail panel and the CSV file name. */

export const RESPONSES_TEXT = {
  empty: 'No responses yet.',
  loadFailed: 'Failed to load responses',
  loadMoreFailed: 'Failed to load more responses. Try again.',
  exportFailed: 'Export failed',
  downloadFailed: 'Download failed',
} as const;

/** The responder as the table shows them: their name, else their email. */
export function responderName(response: Pick<FormResponseView, 'user_name' | 'user_email'>): string {
  return response.user_name?.trim() || response.user_email;
}

/** The first answered file question with its file (the spec's Resume/File column), or null. */
export function firstFileItem(
  items: readonly ResponseItem[],
): (ResponseItem & { file: NonNullable<ResponseItem['file']> }) | null {
  for (const item of items) if (item.type === 'file' && item.file) return { ...item, file: item.file };
  return null;
}

/** `{form title}-responses.csv`, the title reduced to safe lowercase words; `form-responses.csv` without one. */
export function responsesCsvName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'form'}-responses.csv`;
}

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Mar 4, 2025, 2:05 PM" in the reader's locale; empty for a missing or broken date. */
export function submittedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}
