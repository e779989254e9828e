import { describe, expect, it } from 'vitest';
import type { FormSummary, ResponseItem } from '@portico/common';
import { memoryStorage } from '../src/lib/key-value-store';
import { assignedForms, DASHBOARD_FORMS } from '../src/features/dashboard/assigned-forms';
import {
  assignableForms,
  changedAssignments,
  knownRoles,
  saveButtonText,
  ticked,
  toggleCell,
  withoutSaved,
  type AssignmentDrafts,
} from '../src/features/forms/assign/assignment-grid';
import {
  archiveTarget,
  completionText,
  deleteWarning,
  formPaths,
  FORMS_VIEW_KEY,
  viewModeOf,
} from '../src/features/forms/manage/form-manage';
import { firstFileItem, responderName, responsesCsvName } from '../src/features/forms/response-display';
import { withTenantId } from '../src/lib/scope/tenant-path';

function summary(overrides: Partial<FormSummary> & Pick<FormSummary, 'id'>): FormSummary {
  return {
    title: 'Intake',
    description: '',
    status: 'published',
    published: true,
    assigned_roles: [],
    version: 1,
    questions_count: 3,
    responses_count: 0,
    completion_rate: null,
    submitted: false,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('form list display', () => {
  it('shows completion as a whole percent, or — when no member holds the assigned roles', () => {
    expect(completionText(null)).toBe('—');
    expect(completionText(undefined)).toBe('—');
    expect(completionText(0)).toBe('0%');
    expect(completionText(67)).toBe('67%');
    expect(completionText(100)).toBe('100%');
  });

  it('remembers the card/table choice under one key and shows cards for anything else', () => {
    const storage = memoryStorage();
    expect(viewModeOf(storage.getItem(FORMS_VIEW_KEY))).toBe('cards');
    storage.setItem(FORMS_VIEW_KEY, 'table');
    expect(viewModeOf(storage.getItem(FORMS_VIEW_KEY))).toBe('table');
    storage.setItem(FORMS_VIEW_KEY, 'cards');
    expect(viewModeOf(storage.getItem(FORMS_VIEW_KEY))).toBe('cards');
    expect(viewModeOf('grid')).toBe('cards');
  });

  it('archives drafts and published forms, and moves archived ones back to drafts', () => {
    expect(archiveTarget('published')).toBe('archived');
    expect(archiveTarget('draft')).toBe('archived');
    expect(archiveTarget('archived')).toBe('draft');
  });

  it('warns that responses are deleted with the form', () => {
    expect(deleteWarning('Intake', 3)).toContain('Its 3 responses will be deleted too.');
    expect(deleteWarning('Intake', 1)).toContain('Its 1 response will be deleted too.');
    expect(deleteWarning('Intake', 0)).toContain('It has no responses yet.');
  });
});

describe('form links', () => {
  it('goes to the builder, the fill page, the responses and the selected form, keeping the tenant', () => {
    expect(formPaths.edit('f1')).toBe('/forms/new?edit=f1');
    expect(formPaths.fill('f1')).toBe('/forms/f1');
    expect(formPaths.responses('f1')).toBe('/forms/f1/responses');
    expect(formPaths.selected('f1')).toBe('/forms?selected=f1');
    expect(withTenantId(formPaths.edit('f1'), 't1')).toBe('/forms/new?edit=f1&tenant_id=t1');
    expect(withTenantId(formPaths.create(), 't1')).toBe('/forms/new?tenant_id=t1');
  });
});

describe('assign-forms-to-roles grid', () => {
  const roleKeys = ['admin', 'role1', 'role2', 'role3'];
  const forms = [
    summary({ id: 'a', assigned_roles: ['role2'] }),
    summary({ id: 'b', status: 'draft', assigned_roles: [] }),
    summary({ id: 'c', status: 'archived', assigned_roles: ['role1'] }),
  ];

  it('lists drafts and published forms only', () => {
    expect(assignableForms(forms).map((f) => f.id)).toEqual(['a', 'b']);
  });

  it('starts from what the server has, in the workspace role order, without keys the workspace lost', () => {
    expect(knownRoles(['role3', 'gone', 'admin'], roleKeys)).toEqual(['admin', 'role3']);
    expect(ticked(summary({ id: 'x', assigned_roles: ['role2', 'recruitpro'] }), {}, roleKeys)).toEqual(['role2']);
  });

  it('sends one PATCH per changed form and none for forms ticked back to what they were', () => {
    const [a, b] = forms as [FormSummary, FormSummary];
    let drafts: AssignmentDrafts = {};
    drafts = toggleCell(drafts, a, 'role1', roleKeys);
    drafts = toggleCell(drafts, b, 'role3', roleKeys);
    expect(changedAssignments(forms, drafts, roleKeys)).toEqual([
      { id: 'a', assigned_roles: ['role1', 'role2'] },
      { id: 'b', assigned_roles: ['role3'] },
    ]);
    drafts = toggleCell(drafts, b, 'role3', roleKeys);
    expect(changedAssignments(forms, drafts, roleKeys)).toEqual([{ id: 'a', assigned_roles: ['role1', 'role2'] }]);
  });

  it('compares as sets, so a form whose stored keys are out of order or stale is not re-sent', () => {
    const form = summary({ id: 'z', assigned_roles: ['role2', 'admin', 'old-key'] });
    expect(changedAssignments([form], { z: ['admin', 'role2'] }, roleKeys)).toEqual([]);
  });

  it('drops saved rows after a save and keeps the failed ones edited', () => {
    expect(withoutSaved({ a: ['role1'], b: ['role3'] }, ['a'])).toEqual({ b: ['role3'] });
  });

  it('counts the changes on the Save button', () => {
    expect(saveButtonText(0)).toBe('Save');
    expect(saveButtonText(1)).toBe('Save 1 change');
    expect(saveButtonText(4)).toBe('Save 4 changes');
  });
});

describe('responses', () => {
  const item = (overrides: Partial<ResponseItem>): ResponseItem => ({
    question_id: 'q',
    label: 'Q',
    type: 'short',
    value: 'x',
    ...overrides,
  });

  it('names the responder, else their email', () => {
    expect(responderName({ user_name: 'Ada Lovelace', user_email: 'ada@example.test' })).toBe('Ada Lovelace');
    expect(responderName({ user_name: null, user_email: 'ada@example.test' })).toBe('ada@example.test');
    expect(responderName({ user_name: '  ', user_email: 'ada@example.test' })).toBe('ada@example.test');
  });

  it('takes the first answered file for the Resume/File column', () => {
    const cv = { id: 'f1', title: 'CV', original_name: 'cv.pdf', size_bytes: 10 };
    const cover = { id: 'f2', title: 'Cover', original_name: 'cover.pdf', size_bytes: 10 };
    expect(
      firstFileItem([
        item({}),
        item({ question_id: 'gone', type: 'file', file: null }),
        item({ type: 'file', file: cv }),
        item({ type: 'file', file: cover }),
      ])?.file,
    ).toEqual(cv);
    expect(firstFileItem([item({})])).toBeNull();
  });

  it('names the CSV after the form', () => {
    expect(responsesCsvName('Career Intake Form')).toBe('career-intake-form-responses.csv');
    expect(responsesCsvName('  Café / Résumé (2025)!  ')).toBe('cafe-resume-2025-responses.csv');
    expect(responsesCsvName('')).toBe('form-responses.csv');
    expect(responsesCsvName('???')).toBe('form-responses.csv');
    expect(responsesCsvName('a'.repeat(100))).toBe(`${'a'.repeat(60)}-responses.csv`);
  });
});

describe('member dashboard forms', () => {
  it('shows the two newest published forms assigned to the member role', () => {
    const forms = [
      summary({ id: 'old', assigned_roles: ['role2'], created_at: '2025-01-01T00:00:00.000Z' }),
      summary({ id: 'draft', status: 'draft', assigned_roles: ['role2'], created_at: '2025-05-01T00:00:00.000Z' }),
      summary({ id: 'other-role', assigned_roles: ['role1'], created_at: '2025-04-01T00:00:00.000Z' }),
      summary({ id: 'new', assigned_roles: ['role2'], created_at: '2025-03-01T00:00:00.000Z' }),
      summary({ id: 'mid', assigned_roles: ['role2', 'role3'], created_at: '2025-02-01T00:00:00.000Z' }),
    ];
    expect(assignedForms(forms, 'role2').map((f) => f.id)).toEqual(['new', 'mid']);
    expect(assignedForms(forms, 'role2')).toHaveLength(DASHBOARD_FORMS);
    expect(assignedForms([], 'role2')).toEqual([]);
  });
});
