import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME, FORM_MESSAGES, newQuestion } from '@portico/common';
import type { FormDetail } from '@portico/common';
import { ApiError } from '../../src/lib/api/http';
import { FormFillPage } from '../../src/features/forms/fill/FormFillPage';

const form = {
  id: 'f1',
  title: 'Intake',
  description: '',
  status: 'published',
  version: 3,
  submitted: false,
  theme: DEFAULT_THEME,
  fields: [
    { ...newQuestion('short', 'name'), label: 'Full name', required: true },
    { ...newQuestion('choice', 'colour'), label: 'Colour', options: ['Red', 'Blue'], required: true },
  ],
} as unknown as FormDetail;

const mutate = vi.fn();
vi.mock('../../src/features/forms/api/forms', () => ({
  useFormDetail: () => ({ data: form, isError: false }),
  useSubmitResponse: () => ({ mutate, isPending: false }),
  uploadFormFile: vi.fn(),
}));
vi.mock('../../src/lib/scope/scope-context', () => ({
  useScope: () => ({ activeTenantId: 't1', roleKind: 'client', tenantPath: (path: string) => path }),
}));
vi.mock('../../src/lib/scope/use-abilities', () => ({ useAbilities: () => ({ build_forms: false }) }));
vi.mock('../../src/lib/session/session-context', () => ({ useSession: () => ({ isSuperAdmin: false }) }));

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/forms/f1']}>
      <Routes>
        <Route path="/forms/:id" element={<FormFillPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

function problemOf(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ') || null;
}

describe('the fill page', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it('refuses a submission with required questions unanswered, marking each, and sends nothing', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please answer the questions marked below.')).toBeTruthy();
    expect(problemOf(screen.getByRole('textbox', { name: /^Full name/ }))).toBe(FORM_MESSAGES.required);
    expect(problemOf(screen.getByRole('group', { name: /^Colour/ }))).toBe(FORM_MESSAGES.required);
    expect(mutate).not.toHaveBeenCalled();
  });

  it('clears a question’s mark once it is answered, and the refusal once all are', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.type(screen.getByRole('textbox', { name: /^Full name/ }), 'Ada');
    expect(problemOf(screen.getByRole('textbox', { name: /^Full name/ }))).toBeNull();
    expect(screen.getByText('Please answer the questions marked below.')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('group', { name: /^Colour/ })).getByRole('radio', { name: 'Blue' }));
    expect(screen.queryByText('Please answer the questions marked below.')).toBeNull();
  });

  it('sends the checked answers with the version filled, and shows the server’s refusal per question', async () => {
    mutate.mockImplementation((_body: unknown, { onError }: { onError: (err: unknown) => void }) =>
      onError(new ApiError(400, 'Some answers need another look.', 'validation', { fields: { name: 'Too short.' } })),
    );
    renderPage();
    await userEvent.type(screen.getByRole('textbox', { name: /^Full name/ }), '  A ');
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(mutate.mock.calls[0]?.[0]).toEqual({ answers: { name: 'A', colour: 'Red' }, version: 3 });
    expect(problemOf(screen.getByRole('textbox', { name: /^Full name/ }))).toBe('Too short.');
    expect(screen.getByText('Some answers need another look.')).toBeTruthy();
  });
});
