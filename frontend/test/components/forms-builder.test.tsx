import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES, newQuestion } from '@portico/common';
import type { FormDetail } from '@portico/common';
import type { Call } from '../fake-fetch';
import { APP_TEST_TIMEOUT_MS, renderApp, storedForm } from './forms-render';
import type { Answer } from './forms-render';

const FORM_ID = '7c1d2e3f-4a5b-4c6d-9e8f-0a1b2c3d4e5f';
const TOO_LONG = 'A title that goes on '.repeat(10);

function saved(input: Partial<FormDetail>): FormDetail {
  return storedForm({ fields: [{ ...newQuestion('short', 'name'), label: 'Full name' }], ...input, id: FORM_ID });
}

const isSave = (call: Call) =>
  (call.method === 'POST' && call.path === '/api/forms') ||
  (call.method === 'PUT' && call.path === `/api/forms/${FORM_ID}`);

/** The builder at `at`, the server holding `stored` and answering a save with `onSave` (by default: what was sent). */
function openBuilder(at: string, stored: FormDetail, onSave?: (call: Call) => Answer) {
  return renderApp({
    at,
    path: '/forms/new',
    builder: true,
    page: async () => (await import('../../src/features/forms/builder/FormBuilderPage')).FormBuilderPage,
    respond: (call) => {
      if (call.method === 'GET' && call.path === '/api/tenant-roles')
        return {
          status: 200,
          body: { roles: [{ role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' }] },
        };
      if (call.method === 'GET' && call.path === `/api/forms/${FORM_ID}`)
        return { status: 200, body: { form: stored } };
      if (isSave(call))
        return onSave?.(call) ?? { status: 200, body: { form: saved(call.body as Partial<FormDetail>) } };
      return undefined;
    },
  });
}

/** Types by pasting: one input event, where a keystroke each re-renders the builder and its preview every time. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const titleField = () => screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the form builder', { timeout: APP_TEST_TIMEOUT_MS }, () => {
  it('saves a new form’s title with Save Draft, then edits it at its own address', async () => {
    const { calls, router } = await openBuilder('/forms/new', saved({}));
    await userEvent.clear(await screen.findByRole('textbox', { name: 'Title' }));
    await fill(titleField(), 'Onboarding');
    await userEvent.click(button('Save Draft'));

    expect(await screen.findByText('Draft saved')).toBeTruthy();
    expect(calls.filter(isSave)).toHaveLength(1);
    expect(calls.find(isSave)).toMatchObject({
      method: 'POST',
      body: { title: 'Onboarding', description: '', fields: [], status: 'draft' },
    });
    expect(new URLSearchParams(router.state.location.search).get('edit')).toBe(FORM_ID);
    expect(screen.getByRole('heading', { name: 'Edit form' })).toBeTruthy();
    expect(titleField().value).toBe('Onboarding');
  });

  it('marks a title over 200 characters and saves nothing until it is fixed, then publishes', async () => {
    const { calls } = await openBuilder(`/forms/new?edit=${FORM_ID}`, saved({ title: TOO_LONG }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await vi.waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The title must be at most 200 characters.')).toBeTruthy();
    expect([button('Save Draft').disabled, button('Publish').disabled]).toEqual([true, true]);

    await userEvent.clear(title);
    await fill(title, 'Intake, shorter');
    expect(title.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('The title must be at most 200 characters.')).toBeNull();
    await userEvent.click(button('Publish'));

    expect(await screen.findByText('Form published')).toBeTruthy();
    const published = calls.filter(isSave).at(-1);
    expect(published).toMatchObject({ method: 'PUT', body: { title: 'Intake, shorter', status: 'published' } });
    expect(calls.filter(isSave).every((call) => (call.body as { title: string }).title !== TOO_LONG)).toBe(true);
  });

  it('autosaves a typed description without changing the status', async () => {
    const { calls } = await openBuilder(`/forms/new?edit=${FORM_ID}`, saved({}));
    await fill(await screen.findByRole('textbox', { name: 'Description' }), 'For new clients.');
    expect(calls.some(isSave)).toBe(false);
    await vi.waitFor(() => expect(calls.some(isSave)).toBe(true), { timeout: 4000 });
    expect(await screen.findByText('Last saved just now')).toBeTruthy();
    const autosave = calls.find(isSave);
    expect(autosave).toMatchObject({ method: 'PUT', body: { title: 'Intake', description: 'For new clients.' } });
    expect(autosave?.body).not.toHaveProperty('status');
  });

  it('says why a save was refused, keeping the edits', async () => {
    await openBuilder(`/forms/new?edit=${FORM_ID}`, saved({}), () => ({
      status: 409,
      body: { error: 'This form was changed elsewhere.' },
    }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await fill(title, ' (v2)');
    await userEvent.click(button('Save Draft'));
    await vi.waitFor(() =>
      expect(screen.getAllByText(`${FORM_MESSAGES.saveFailed}: This form was changed elsewhere.`)).toHaveLength(2),
    );
    expect(button('Retry')).toBeTruthy();
    expect((title as HTMLInputElement).value).toBe('Intake (v2)');
  });

  it('edits the questions beside the typed settings, and saves them together', async () => {
    const { calls } = await openBuilder('/forms/new', saved({}));
    await fill(await screen.findByRole('textbox', { name: 'Title' }), ' for clients');
    await userEvent.click(button('Multiple choice'));
    const label = screen.getByRole('textbox', { name: 'Question' });
    expect(document.activeElement).toBe(label);
    await fill(label, 'Favourite colour');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Options' }));
    await fill(screen.getByRole('textbox', { name: 'Options' }), 'Red, Blue');
    expect(screen.getByRole('group', { name: /^Favourite colour/ })).toBeTruthy();
    await userEvent.click(button('Save Draft'));

    expect(await screen.findByText('Draft saved')).toBeTruthy();
    // The last save is the button's, whether or not an autosave ran while typing.
    expect(calls.filter(isSave).at(-1)?.body).toMatchObject({
      status: 'draft',
      title: 'Untitled Form for clients',
      fields: [{ type: 'choice', label: 'Favourite colour', options: ['Red', 'Blue'], required: false }],
    });
  });
});
