import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME, FORM_MESSAGES, newQuestion } from '@portico/common';
import type { FormDetail } from '@portico/common';
import type { Call } from '../fake-fetch';
import { renderApp } from './forms-render';
import type { Answer } from './forms-render';

const FORM_ID = '0f6c1d2e-3b4a-4c5d-8e9f-a0b1c2d3e4f5';

/** Question ids are whatever the builder typed: dots, brackets and `constructor` included. */
const form: FormDetail = {
  id: FORM_ID,
  title: 'Intake',
  description: '',
  status: 'published',
  published: true,
  assigned_roles: ['role2'],
  version: 3,
  questions_count: 3,
  responses_count: 0,
  completion_rate: null,
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  submitted: false,
  theme: DEFAULT_THEME,
  fields: [
    { ...newQuestion('short', 'contact.name'), label: 'Full name', required: true },
    { ...newQuestion('choice', 'colour[0]'), label: 'Colour', options: ['Red', 'Blue'], required: true },
    { ...newQuestion('long', 'constructor'), label: 'Anything else' },
  ],
};

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

describe('the fill page', () => {
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
});
