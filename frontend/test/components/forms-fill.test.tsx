import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES, WORKSPACE_ABILITIES, newQuestion } from '@portico/common';
import type { FormDetail, Membership } from '@portico/common';
import { FormFillPage } from '../../src/features/forms/fill/FormFillPage';
import { heldAnswer, type Answer, type AnswerTable, type Call } from '../fake-fetch';
import { storedForm } from './forms-fixtures';
import { WORKSPACE_ID, membership, renderApp } from './render-app';

const FORM_ID = '0f6c1d2e-3b4a-4c5d-8e9f-a0b1c2d3e4f5';

/** Question ids are whatever the builder typed: dots, brackets and `constructor` included. */
const form = storedForm({
  id: FORM_ID,
  status: 'published',
  published: true,
  assigned_roles: ['role2'],
  version: 3,
  fields: [
    { ...newQuestion('short', 'contact.name'), label: 'Full name', required: true },
    { ...newQuestion('choice', 'colour[0]'), label: 'Colour', options: ['Red', 'Blue'], required: true },
    { ...newQuestion('long', 'constructor'), label: 'Anything else' },
  ],
});

const FILE_ID = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';

/** A client of the workspace: they fill forms and build none. */
const CLIENT: Membership = membership(WORKSPACE_ID, {
  role: 'role2',
  role_label: 'Client',
  role_kind: 'client',
  abilities: Object.fromEntries(WORKSPACE_ABILITIES.map((a) => [a, false])) as Membership['abilities'],
});

const submission = (call: Call) => call.method === 'POST' && call.path === `/api/forms/${FORM_ID}/responses`;

/** The fill page of `shown` for a client, the server answering a submission with `onSubmit`, and `more`. */
function openForm(
  onSubmit: Answer = { status: 201, body: { response: {} } },
  { shown = form, more = {} }: { shown?: FormDetail; more?: AnswerTable } = {},
) {
  return renderApp(<FormFillPage />, {
    path: `/forms/${FORM_ID}`,
    route: '/forms/:id',
    signedIn: { memberships: [CLIENT] },
    answers: {
      [`GET /api/forms/${FORM_ID}`]: { status: 200, body: { form: shown } },
      [`POST /api/forms/${FORM_ID}/responses`]: onSubmit,
      ...more,
    },
  });
}

const fullName = () => screen.getByRole('textbox', { name: /^Full name/ });
const colour = () => screen.getByRole('group', { name: /^Colour/ });
const submit = () => screen.getByRole('button', { name: 'Submit' });

function problemOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ') || null;
}

describe('the fill page', () => {
  it('refuses a submission with required questions unanswered, marking each, focusing the first, sending nothing', async () => {
    const { calls, user } = openForm();
    await screen.findByRole('heading', { name: 'Intake' });
    await user.click(submit());
    expect(screen.getByText('Please answer the questions marked below.')).toBeTruthy();
    expect(problemOf(fullName())).toBe(FORM_MESSAGES.required);
    expect(problemOf(colour())).toBe(FORM_MESSAGES.required);
    const anythingElse = screen.getByRole('textbox', { name: /^Anything else/ });
    expect([problemOf(anythingElse), anythingElse.getAttribute('aria-invalid')]).toEqual([null, null]);
    await vi.waitFor(() => expect(document.activeElement).toBe(fullName()));
    expect(calls.some(submission)).toBe(false);
  });

  it('focuses the first question with a problem in form order', async () => {
    const { user } = openForm();
    await user.type(await screen.findByRole('textbox', { name: /^Full name/ }), 'Ada');
    await user.click(submit());
    expect(problemOf(fullName())).toBeNull();
    expect(problemOf(colour())).toBe(FORM_MESSAGES.required);
    await vi.waitFor(() => expect(document.activeElement).toBe(within(colour()).getByRole('radio', { name: 'Red' })));
  });

  it('clears a question’s mark once it is answered, and the refusal once all are', async () => {
    const { user } = openForm();
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await user.type(fullName(), 'Ada');
    expect(problemOf(fullName())).toBeNull();
    expect(screen.getByText('Please answer the questions marked below.')).toBeTruthy();
    await user.click(within(colour()).getByRole('radio', { name: 'Blue' }));
    expect(screen.queryByText('Please answer the questions marked below.')).toBeNull();
  });

  it('sends the checked answers keyed by question id with the version filled, then thanks the member', async () => {
    const { calls, user } = openForm();
    await user.type(await screen.findByRole('textbox', { name: /^Full name/ }), '  Ada ');
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    await user.type(screen.getByRole('textbox', { name: /^Anything else/ }), 'No');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: FORM_MESSAGES.submitted })).toBeTruthy();
    expect(calls.find(submission)?.body).toEqual({
      answers: { 'contact.name': 'Ada', 'colour[0]': 'Red', constructor: 'No' },
      version: 3,
    });

    await user.click(screen.getByRole('button', { name: 'Submit another response' }));
    expect((fullName() as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal per question and focuses the question it names', async () => {
    const { user } = openForm({
      status: 400,
      body: {
        error: 'Some answers need another look.',
        code: 'validation',
        details: { fields: { 'colour[0]': 'That colour is sold out.' } },
      },
    });
    await user.type(await screen.findByRole('textbox', { name: /^Full name/ }), 'Ada');
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    await user.click(submit());
    expect(await screen.findByText('Some answers need another look.')).toBeTruthy();
    expect(problemOf(colour())).toBe('That colour is sold out.');
    expect(problemOf(fullName())).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(within(colour()).getByRole('radio', { name: 'Red' })));

    await user.click(screen.getByRole('radio', { name: 'Blue' }));
    expect(problemOf(colour())).toBeNull();
    expect(screen.queryByText('Some answers need another look.')).toBeNull();
  });

  it('keeps a refusal about the whole form on screen and as a toast, with every answer', async () => {
    const { user } = openForm({ status: 409, body: { error: 'This form was changed; reload it to answer.' } });
    await user.type(await screen.findByRole('textbox', { name: /^Full name/ }), 'Ada');
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    await user.click(submit());
    await vi.waitFor(() => expect(screen.getAllByText('This form was changed; reload it to answer.')).toHaveLength(2));
    await user.type(fullName(), ' L');
    expect(screen.getAllByText('This form was changed; reload it to answer.').length).toBeGreaterThan(0);
    expect((fullName() as HTMLInputElement).value).toBe('Ada L');
  });

  it('holds the submission while a file uploads, then sends the uploaded file’s id', async () => {
    const upload = heldAnswer();
    const withFile = storedForm({
      ...form,
      fields: [{ ...newQuestion('file', 'resume'), label: 'Resume', required: true }],
    });
    const isUpload = (call: Call) => call.path === `/api/forms/${FORM_ID}/uploads`;
    const { calls, user } = openForm(undefined, {
      shown: withFile,
      more: { [`POST /api/forms/${FORM_ID}/uploads`]: upload.respond },
    });
    const picker = await screen.findByLabelText('Resume', { selector: 'input' });
    await user.upload(picker, new File(['cv'], 'cv.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() => expect(calls.filter(isUpload)).toHaveLength(1));
    expect(calls.find(isUpload)?.body).toEqual({ file: 'cv.pdf', question_id: 'resume' });
    expect(screen.getByText('Waiting for the upload to finish…')).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);

    upload.answer({
      status: 201,
      body: { file: { id: FILE_ID, title: 'cv.pdf', original_name: 'cv.pdf', size_bytes: 2 } },
    });
    expect(await screen.findByRole('button', { name: 'Remove cv.pdf' })).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: FORM_MESSAGES.submitted })).toBeTruthy();
    expect(calls.find(submission)?.body).toEqual({ answers: { resume: FILE_ID }, version: 3 });
  });
});
