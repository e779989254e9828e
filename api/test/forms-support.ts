import type { Tenant } from '@portico/core';
import { expect } from 'vitest';
import { addMember, makeUser, signIn, type Person } from '../../testing/factories';
import type { TestApp } from '../../testing/harness';

export const NO_ACCESS = 'You do not have access to this form.';
export const NOT_FOUND = 'This form does not exist.';
export const NOT_ACCEPTING = 'This form is not accepting responses.';
export const BUILDERS_ONLY = 'Only workspace admins and team members can build forms or read their responses.';
export const ADMINS_DELETE = 'Only workspace admins can delete forms.';
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';
/** The theme of a form created without one. */
export const DEFAULT_THEME = {
  font: 'Inter',
  primary: '#3B82F6',
  secondary: '#6B7280',
  bg: '#FFFFFF',
  variant: 'solid',
};

/** An intake form: a choice question that shows a follow-up, a rating, a date and a checkbox list. */
export const INTAKE_FIELDS = [
  { id: 'name', type: 'short', label: 'Full name', required: true },
  { id: 'job', type: 'choice', label: 'Looking for a job?', required: true, options: ['Yes', 'No'] },
  { id: 'role', type: 'short', label: 'Which role?', required: true, logic: { whenQuestionId: 'job', equals: 'Yes' } },
  { id: 'score', type: 'rating', label: 'How did we do?' },
  { id: 'start', type: 'date', label: 'Start date' },
  { id: 'skills', type: 'multi', label: 'Skills', options: ['Node', 'Go', 'Rust'] },
];

export async function signedIn(app: TestApp, tenant: Tenant, role: string): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

/** Creates a form through the API as `by` and answers its FormDetail. */
export async function createForm(app: TestApp, tenant: Tenant, by: Person, body: Record<string, unknown> = {}) {
  const res = await app.request('POST', '/forms', {
    token: by.token,
    tenantId: tenant.id,
    body: { title: 'Intake', fields: INTAKE_FIELDS, assigned_roles: ['role2'], status: 'published', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.form;
}

export function submit(app: TestApp, tenant: Tenant, by: Person, formId: string, body: unknown) {
  return app.request('POST', `/forms/${formId}/responses`, { token: by.token, tenantId: tenant.id, body });
}
