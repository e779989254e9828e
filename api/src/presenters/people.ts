import type { RoleType } from '@portico/common';
import { roleLabelOf, type PersonRow } from '@portico/core';

/** One member of a workspace as the People (CRM users) table shows it. */
export function presentPerson(person: PersonRow, roleTypes: readonly RoleType[]) {
  return {
    id: person.id,
    email: person.email,
    role: person.role,
    role_label: roleLabelOf(person.role, roleTypes),
    status: person.status,
    first_name: person.first_name,
    last_name: person.last_name,
    phone: person.phone,
    linkedin: person.linkedin,
    created_at: person.created_at.toISOString(),
    last_sign_in_at: person.last_sign_in_at ? person.last_sign_in_at.toISOString() : null,
  };
}

export const PEOPLE_CSV_COLUMNS = ['id', 'email', 'first_name', 'last_name', 'role', 'role_label', 'status', 'phone', 'linkedin', 'created_at', 'last_sign_in_at'] as const;

/** A spreadsheet would run a cell starting with = + - @ (or a tab/CR) as a formula: quote it. */
export function csvSafe(value: string | null): string {
  if (value === null) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function personCsvRow(person: ReturnType<typeof presentPerson>): string[] {
  return PEOPLE_CSV_COLUMNS.map((column) => csvSafe(person[column]));
}
