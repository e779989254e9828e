import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { FORM_MESSAGES } from '@portico/common';
import {
  dashboardPath,
  firstProblemId,
  loadOutcome,
  submissionProblems,
  unpublishedNote,
} from '../src/features/forms/fill/fill-flow';
import { ApiError } from '../src/lib/api/http';
import { ROUTES } from '../src/lib/routes/table';

describe('form routes', () => {
  const routes = ROUTES.map((row) => ({ path: row.path, id: row.page }));
  const pageAt = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id;

  it('matches /forms/new to the builder and any other id to the fill page', () => {
    expect(pageAt('/forms/new')).toBe('formBuilder');
    expect(pageAt('/forms/3f1c2b8e-1d3a-4c59-9a55-0f1e2d3c4b5a')).toBe('formFill');
  });

  it('opens the builder to admins and team roles, the fill page to everyone signed in', () => {
    expect(ROUTES.find((r) => r.path === '/forms/new')).toMatchObject({
      shell: 'workspace',
      access: { kind: 'roles', roles: ['admin', 'team'] },
    });
    expect(ROUTES.find((r) => r.path === '/forms/:id')).toMatchObject({
      shell: 'workspace',
      access: { kind: 'signedIn' },
    });
  });
});

describe('loading a form to fill', () => {
  it('shows no access on 403 and the server sentence on 404', () => {
    expect(loadOutcome(new ApiError(403, 'whatever'), false)).toEqual({
      kind: 'noAccess',
      message: FORM_MESSAGES.noAccess,
    });
    expect(loadOutcome(new ApiError(404, FORM_MESSAGES.notFound), true)).toEqual({
      kind: 'notFound',
      message: FORM_MESSAGES.notFound,
    });
  });

  it('sends builders back to /forms on other errors and offers members a retry', () => {
    expect(loadOutcome(new ApiError(500, 'Boom'), true)).toEqual({ kind: 'backToForms', message: 'Boom' });
    expect(loadOutcome(new ApiError(0, 'Network request failed'), false)).toEqual({
      kind: 'retry',
      message: 'Network request failed',
    });
  });
});

describe('a refused submission', () => {
  it('reads the problems by question from details.fields', () => {
    const error = new ApiError(400, 'Age: This question is required.', undefined, {
      fields: { q1: FORM_MESSAGES.required, q2: 7 },
    });
    expect(submissionProblems(error)).toEqual({ q1: FORM_MESSAGES.required });
  });

  it('has none without details', () => {
    expect(submissionProblems(new ApiError(409, FORM_MESSAGES.notPublished))).toBeNull();
    expect(submissionProblems(new ApiError(400, 'x', undefined, { fields: {} }))).toBeNull();
    expect(submissionProblems(new Error('x'))).toBeNull();
  });

  it('focuses the first question with a problem in form order', () => {
    expect(firstProblemId([{ id: 'a' }, { id: 'b' }, { id: 'c' }], { c: 'x', b: 'y' })).toBe('b');
    expect(firstProblemId([{ id: 'a' }], {})).toBeNull();
  });
});

describe('who sees what', () => {
  it('notes a draft or archived form to builders', () => {
    expect(unpublishedNote('draft')).toBe('This form is a draft; members cannot see it yet.');
    expect(unpublishedNote('archived')).toMatch(/archived/);
    expect(unpublishedNote('published')).toBeNull();
  });

  it('links back to the dashboard of the kind', () => {
    expect(dashboardPath('client', false)).toBe('/dashboard/jobseeker');
    expect(dashboardPath(null, true)).toBe('/dashboard/admin');
  });
});
