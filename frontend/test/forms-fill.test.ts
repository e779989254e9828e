import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { FORM_MESSAGES, newQuestion } from '@portico/common';
import type { FillValues } from '../src/features/forms/fill/fill-flow';
import {
  answerKey,
  answersById,
  answersResolver,
  dashboardPath,
  firstProblemId,
  loadOutcome,
  problemsById,
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

describe('the fill form’s answers', () => {
  const fields = [
    { ...newQuestion('short', 'a.b'), label: 'Name', required: true },
    { ...newQuestion('short', 'a[b]'), label: 'Other' },
    { ...newQuestion('rating', 'constructor'), label: 'Stars' },
  ];

  it('names each answer without dots, brackets or inherited keys, one name per id', () => {
    const keys = ['a.b', 'a[b]', 'a-b', 'a-002eb', 'constructor', '__proto__', 'ü'].map(answerKey);
    expect(keys.every((key) => /^q[A-Za-z0-9_-]+$/.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    expect(answerKey('plain_id7')).toBe('qplain_id7');
  });

  it('reads the answers and problems back by question id', () => {
    const values: FillValues['answers'] = { [answerKey('a.b')]: 'Ada', [answerKey('constructor')]: 4 };
    expect(answersById(fields, values)).toEqual({ 'a.b': 'Ada', 'a[b]': undefined, constructor: 4 });
    expect(problemsById(fields, { [answerKey('a[b]')]: { message: 'Too long.' } })).toEqual({ 'a[b]': 'Too long.' });
  });

  it('checks with the shared rule: problems under each answer’s name, or the trimmed answers by id', async () => {
    const resolve = answersResolver(fields);
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect(await resolve({ answers: {} }, undefined, options)).toEqual({
      values: {},
      errors: { answers: { [answerKey('a.b')]: { type: 'answer', message: FORM_MESSAGES.required } } },
    });
    expect(
      await resolve({ answers: { [answerKey('a.b')]: ' Ada ', [answerKey('constructor')]: 5 } }, undefined, options),
    ).toEqual({
      values: { answers: { 'a.b': 'Ada', constructor: 5 } },
      errors: {},
    });
  });
});
