import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES, newQuestion } from '@portico/common';
import type { Call } from '../fake-fetch';
import { APP_TEST_TIMEOUT_MS, renderApp, storedForm } from './forms-render';
import type { Answer } from './forms-render';

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

interface HeldUpload {
  url: string;
  /** Ends the upload with the server's answer. */
  answer: (status: number, body: unknown) => void;
}

/** Files go up by XMLHttpRequest (it reports progress): each upload is held until the test answers it. */
function holdUploads(): HeldUpload[] {
  const held: HeldUpload[] = [];
  class HeldRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    responseType = '';
    status = 0;
    response: unknown = null;
    #url = '';
    open(_method: string, url: string) {
      this.#url = url;
    }
    setRequestHeader() {}
    send() {
      held.push({
        url: this.#url,
        answer: (status, body) => {
          this.status = status;
          this.response = body;
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', HeldRequest);
  return held;
}

const submission = (call: Call) => call.method === 'POST' && call.path === `/api/forms/${FORM_ID}/responses`;

/** The fill page of `form`, the server answering a submission with `onSubmit`. */
function openForm(onSubmit: () => Answer = () => ({ status: 201, body: { response: {} } })) {
  return renderApp({
    at: `/forms/${FORM_ID}`,
    path: '/forms/:id',
    page: async () => (await import('../../src/features/forms/fill/FormFillPage')).FormFillPage,
    respond: (call) => {
      if (call.method === 'GET' && call.path === `/api/forms/${FORM_ID}`) return { status: 200, body: { form } };
      if (submission(call)) return onSubmit();
      return undefined;
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

describe('the fill page', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('refuses a submission with required questions unanswered, marking each, focusing the first, sending nothing', async () => {
    const { calls } = await openForm();
    await screen.findByRole('heading', { name: 'Intake' });
    await userEvent.click(submit());
    expect(screen.getByText('Please answer the questions marked below.')).toBeTruthy();
    expect(problemOf(fullName())).toBe(FORM_MESSAGES.required);
    expect(problemOf(colour())).toBe(FORM_MESSAGES.required);
    const anythingElse = screen.getByRole('textbox', { name: /^Anything else/ });
    expect([problemOf(anythingElse), anythingElse.getAttribute('aria-invalid')]).toEqual([null, null]);
    await vi.waitFor(() => expect(document.activeElement).toBe(fullName()));
    expect(calls.some(submission)).toBe(false);
  });

  it('focuses the first question with a problem in form order', async () => {
    await openForm();
    await userEvent.type(await screen.findByRole('textbox', { name: /^Full name/ }), 'Ada');
    await userEvent.click(submit());
    expect(problemOf(fullName())).toBeNull();
    expect(problemOf(colour())).toBe(FORM_MESSAGES.required);
    await vi.waitFor(() => expect(document.activeElement).toBe(within(colour()).getByRole('radio', { name: 'Red' })));
  });

  it('clears a question’s mark once it is answered, and the refusal once all are', async () => {
    await openForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await userEvent.type(fullName(), 'Ada');
    expect(problemOf(fullName())).toBeNull();
    expect(screen.getByText('Please answer the questions marked below.')).toBeTruthy();
    await userEvent.click(within(colour()).getByRole('radio', { name: 'Blue' }));
    expect(screen.queryByText('Please answer the questions marked below.')).toBeNull();
  });

  it('sends the checked answers keyed by question id with the version filled, then thanks the member', async () => {
    const { calls } = await openForm();
    await userEvent.type(await screen.findByRole('textbox', { name: /^Full name/ }), '  Ada ');
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Anything else/ }), 'No');
    await userEvent.click(submit());
    expect(await screen.findByRole('heading', { name: FORM_MESSAGES.submitted })).toBeTruthy();
    expect(calls.find(submission)?.body).toEqual({
      answers: { 'contact.name': 'Ada', 'colour[0]': 'Red', constructor: 'No' },
      version: 3,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Submit another response' }));
    expect((fullName() as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal per question and focuses the question it names', async () => {
    await openForm(() => ({
      status: 400,
      body: {
        error: 'Some answers need another look.',
        code: 'validation',
        details: { fields: { 'colour[0]': 'That colour is sold out.' } },
      },
    }));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Full name/ }), 'Ada');
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    await userEvent.click(submit());
    expect(await screen.findByText('Some answers need another look.')).toBeTruthy();
    expect(problemOf(colour())).toBe('That colour is sold out.');
    expect(problemOf(fullName())).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(within(colour()).getByRole('radio', { name: 'Red' })));

    await userEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    expect(problemOf(colour())).toBeNull();
    expect(screen.queryByText('Some answers need another look.')).toBeNull();
  });

  it('keeps a refusal about the whole form on screen and as a toast, with every answer', async () => {
    await openForm(() => ({ status: 409, body: { error: 'This form was changed; reload it to answer.' } }));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Full name/ }), 'Ada');
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    await userEvent.click(submit());
    await vi.waitFor(() => expect(screen.getAllByText('This form was changed; reload it to answer.')).toHaveLength(2));
    await userEvent.type(fullName(), ' L');
    expect(screen.getAllByText('This form was changed; reload it to answer.').length).toBeGreaterThan(0);
    expect((fullName() as HTMLInputElement).value).toBe('Ada L');
  });

  it('holds the submission while a file uploads, then sends the uploaded file’s id', async () => {
    const uploads = holdUploads();
    const withFile = storedForm({
      ...form,
      fields: [{ ...newQuestion('file', 'resume'), label: 'Resume', required: true }],
    });
    const { calls } = await renderApp({
      at: `/forms/${FORM_ID}`,
      path: '/forms/:id',
      page: async () => (await import('../../src/features/forms/fill/FormFillPage')).FormFillPage,
      respond: (call) => {
        if (call.method === 'GET' && call.path === `/api/forms/${FORM_ID}`)
          return { status: 200, body: { form: withFile } };
        if (submission(call)) return { status: 201, body: { response: {} } };
        return undefined;
      },
    });
    const picker = await screen.findByLabelText('Resume', { selector: 'input' });
    await userEvent.upload(picker, new File(['cv'], 'cv.pdf', { type: 'application/pdf' }));
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe(`/api/forms/${FORM_ID}/uploads`);
    expect(screen.getByText('Waiting for the upload to finish…')).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);

    uploads[0]?.answer(201, { file: { id: FILE_ID, title: 'cv.pdf', original_name: 'cv.pdf', size_bytes: 2 } });
    expect(await screen.findByRole('button', { name: 'Remove cv.pdf' })).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(submit());
    expect(await screen.findByRole('heading', { name: FORM_MESSAGES.submitted })).toBeTruthy();
    expect(calls.find(submission)?.body).toEqual({ answers: { resume: FILE_ID }, version: 3 });
  });
});
