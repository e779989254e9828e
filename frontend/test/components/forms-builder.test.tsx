import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES, newQuestion } from '@portico/common';
import type { FormDetail } from '@portico/common';
import { FormBuilderPage } from '../../src/features/forms/builder/FormBuilderPage';
import type { Answer, Call } from '../fake-fetch';
import { storedForm } from './forms-fixtures';
import { renderApp } from './render-app';

const FORM_ID = '7c1d2e3f-4a5b-4c6d-9e8f-0a1b2c3d4e5f';
const TOO_LONG = 'A title that goes on '.repeat(10);

function saved(input: Partial<FormDetail>): FormDetail {
  return storedForm({ fields: [{ ...newQuestion('short', 'name'), label: 'Full name' }], ...input, id: FORM_ID });
}

const isSave = (call: Call) =>
  (call.method === 'POST' && call.path === '/api/forms') ||
  (call.method === 'PUT' && call.path === `/api/forms/${FORM_ID}`);

/** The builder at `path` for an admin, the server holding `stored` and answering a save with `onSave` (by default: what was sent). */
function openBuilder(path: string, stored: FormDetail, onSave?: (call: Call) => Answer) {
  const save = (call: Call) =>
    onSave?.(call) ?? { status: 200, body: { form: saved(call.body as Partial<FormDetail>) } };
  return renderApp(<FormBuilderPage />, {
    path,
    route: '/forms/new',
    signedIn: {},
    answers: {
      'GET /api/tenant-roles': {
        status: 200,
        body: { roles: [{ role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' }] },
      },
      [`GET /api/forms/${FORM_ID}`]: { status: 200, body: { form: stored } },
      'POST /api/forms': save,
      [`PUT /api/forms/${FORM_ID}`]: save,
    },
  });
}

type User = ReturnType<typeof renderApp>['user'];

/** Types by pasting: one input event, where a keystroke each re-renders the builder and its preview every time. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const titleField = () => screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the form builder', () => {
  it('saves a new form’s title with Save Draft, then edits it at its own address', async () => {
    const { calls, user, router } = openBuilder('/forms/new', saved({}));
    await user.clear(await screen.findByRole('textbox', { name: 'Title' }));
    await fill(user, titleField(), 'Onboarding');
    await user.click(button('Save Draft'));

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
    const { calls, user } = openBuilder(`/forms/new?edit=${FORM_ID}`, saved({ title: TOO_LONG }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await vi.waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The title must be at most 200 characters.')).toBeTruthy();
    expect([button('Save Draft').disabled, button('Publish').disabled]).toEqual([true, true]);

    await user.clear(title);
    await fill(user, title, 'Intake, shorter');
    expect(title.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('The title must be at most 200 characters.')).toBeNull();
    await user.click(button('Publish'));

    expect(await screen.findByText('Form published')).toBeTruthy();
    const published = calls.filter(isSave).at(-1);
    expect(published).toMatchObject({ method: 'PUT', body: { title: 'Intake, shorter', status: 'published' } });
    expect(calls.filter(isSave).every((call) => (call.body as { title: string }).title !== TOO_LONG)).toBe(true);
  });

  it('autosaves a typed description without changing the status', async () => {
    const { calls, user } = openBuilder(`/forms/new?edit=${FORM_ID}`, saved({}));
    await fill(user, await screen.findByRole('textbox', { name: 'Description' }), 'For new clients.');
    expect(calls.some(isSave)).toBe(false);
    await vi.waitFor(() => expect(calls.some(isSave)).toBe(true), { timeout: 4000 });
    expect(await screen.findByText('Last saved just now')).toBeTruthy();
    const autosave = calls.find(isSave);
    expect(autosave).toMatchObject({ method: 'PUT', body: { title: 'Intake', description: 'For new clients.' } });
    expect(autosave?.body).not.toHaveProperty('status');
  });

  it('says why a save was refused, keeping the edits', async () => {
    const { user } = openBuilder(`/forms/new?edit=${FORM_ID}`, saved({}), () => ({
      status: 409,
      body: { error: 'This form was changed elsewhere.' },
    }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await fill(user, title, ' (v2)');
    await user.click(button('Save Draft'));
    await vi.waitFor(() =>
      expect(screen.getAllByText(`${FORM_MESSAGES.saveFailed}: This form was changed elsewhere.`)).toHaveLength(2),
    );
    expect(button('Retry')).toBeTruthy();
    expect((title as HTMLInputElement).value).toBe('Intake (v2)');
  });

  it('edits the questions beside the typed settings, and saves them together', async () => {
    const { calls, user } = openBuilder('/forms/new', saved({}));
    await fill(user, await screen.findByRole('textbox', { name: 'Title' }), ' for clients');
    await user.click(button('Multiple choice'));
    const label = screen.getByRole('textbox', { name: 'Question' });
    expect(document.activeElement).toBe(label);
    await fill(user, label, 'Favourite colour');
    await user.clear(screen.getByRole('textbox', { name: 'Options' }));
    await fill(user, screen.getByRole('textbox', { name: 'Options' }), 'Red, Blue');
    expect(screen.getByRole('group', { name: /^Favourite colour/ })).toBeTruthy();
    await user.click(button('Save Draft'));

    expect(await screen.findByText('Draft saved')).toBeTruthy();
    // The last save is the button's, whether or not an autosave ran while typing.
    expect(calls.filter(isSave).at(-1)?.body).toMatchObject({
      status: 'draft',
      title: 'Untitled Form for clients',
      fields: [{ type: 'choice', label: 'Favourite colour', options: ['Red', 'Blue'], required: false }],
    });
  });
});
