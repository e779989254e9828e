import { ROLE_KEY_PATTERN } from '@portico/common';
import type { RoleType } from '@portico/common';

export interface RoleRow extends RoleType {
  /** Stable React key; role keys change while being typed. */
  uid: string;
}

export interface RoleRowErrors {
  role_key?: string;
  role_label?: string;
}

/** Per-row problems the API would refuse: key shape, duplicate keys, empty labels. */
export function validateRoleRows(rows: readonly RoleType[]): { errors: RoleRowErrors[]; valid: boolean } {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.role_key, (counts.get(row.role_key) ?? 0) + 1);
  const errors = rows.map((row) => {
    const e: RoleRowErrors = {};
    if (!row.role_key) e.role_key = 'Key is required';
    else if (!ROLE_KEY_PATTERN.test(row.role_key)) e.role_key = 'Use a-z, 0-9, _ or -';
    else if ((counts.get(row.role_key) ?? 0) > 1) e.role_key = 'Keys must be unique';
    if (!row.role_label.trim()) e.role_label = 'Label is required';
    return e;
  });
  return { errors, valid: errors.every((e) => !e.role_key && !e.role_label) };
}

export function toPayload(rows: readonly RoleRow[]): RoleType[] {
  return rows.map(({ role_key, role_label, role_color, kind }) => ({
    role_key,
    role_label: role_label.trim(),
    role_color,
    kind,
  }));
}
