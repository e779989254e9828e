import type { FormStatus, SearchResults } from '@portico/common';
import { formPaths, STATUS_LABELS } from '../forms';

export interface SearchHit {
  key: string;
  label: string;
  detail: string;
  /** Where choosing the hit goes, before the tenant is added to the address. */
  to: string;
}

export interface SearchGroup {
  heading: string;
  hits: SearchHit[];
}

export interface SearchViewer {
  /** Builders (admins, team members) manage forms: a form hit opens it on /forms; others open it to fill in. */
  formBuilder: boolean;
}

function statusLabel(status: string): string {
  return STATUS_LABELS[status as FormStatus] ?? status;
}

/** The answer of GET /api/search as the groups the header search lists, empty groups left out. */
export function searchGroups(results: SearchResults | undefined, viewer: SearchViewer): SearchGroup[] {
  if (!results) return [];
  const groups: SearchGroup[] = [
    {
      heading: 'People',
      hits: results.users.map((u) => ({
        key: `user:${u.id}`,
        label: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email,
        detail: u.email,
        to: `/crm/users?query=${encodeURIComponent(u.email)}`,
      })),
    },
    {
      heading: 'Files',
      hits: results.files.map((f) => ({
        key: `file:${f.id}`,
        label: f.title,
        detail: f.original_name,
        to: `/admin/files?file=${f.id}`,
      })),
    },
    {
      heading: 'Forms',
      hits: results.forms.map((f) => ({
        key: `form:${f.id}`,
        label: f.title,
        detail: statusLabel(f.status),
        to: viewer.formBuilder ? formPaths.selected(f.id) : formPaths.fill(f.id),
      })),
    },
    {
      heading: 'Embedded tools',
      hits: results.embeds.map((e) => ({
        key: `embed:${e.id}`,
        label: e.title,
        detail: e.is_active ? e.provider : `${e.provider} · inactive`,
        to: `/embed/${e.id}`,
      })),
    },
  ];
  return groups.filter((g) => g.hits.length > 0);
}
