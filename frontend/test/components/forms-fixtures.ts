import { DEFAULT_THEME } from '@portico/common';
import type { FormDetail } from '@portico/common';

/** A form as GET /api/forms/{id} answers it: a draft titled Intake without questions, unless told otherwise. */
export function storedForm(form: Partial<FormDetail> & Pick<FormDetail, 'id'>): FormDetail {
  return {
    title: 'Intake',
    description: '',
    status: 'draft',
    published: false,
    assigned_roles: [],
    version: 1,
    questions_count: form.fields?.length ?? 0,
    responses_count: 0,
    completion_rate: null,
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    submitted: false,
    theme: DEFAULT_THEME,
    fields: [],
    ...form,
  };
}
