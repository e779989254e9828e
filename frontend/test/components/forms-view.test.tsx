import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME, newQuestion } from '@portico/common';
import type { FormQuestion } from '@portico/common';
import { FormView } from '../../src/features/forms/FormView';

const name: FormQuestion = { ...newQuestion('short', 'name'), label: 'Full name', required: true };
const colour: FormQuestion = { ...newQuestion('choice', 'colour'), label: 'Colour', options: ['Red', 'Blue'] };
const why: FormQuestion = {
  ...newQuestion('long', 'why'),
  label: 'Why red?',
  logic: { whenQuestionId: 'colour', equals: 'Red', showQuestionId: 'why' },
};
const form = { title: 'Intake', description: '', fields: [name, colour, why], theme: DEFAULT_THEME };

describe('the rendered form', () => {
  it('marks required questions and ties each problem to its control', () => {
    render(<FormView form={form} answers={{}} onAnswer={vi.fn()} problems={{ name: 'This question is required.' }} />);
    const input = screen.getByRole('textbox', { name: /^Full name/ });
    expect(screen.getByText('(required)')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This question is required.',
    );
    const group = screen.getByRole('group', { name: 'Colour' });
    expect(group.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a question with a rule only once its answer is given', () => {
    const { rerender } = render(<FormView form={form} answers={{}} onAnswer={vi.fn()} />);
    expect(screen.queryByRole('textbox', { name: 'Why red?' })).toBeNull();
    rerender(<FormView form={form} answers={{ colour: 'Red' }} onAnswer={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: 'Why red?' })).toBeTruthy();
  });

  it('reports answers as they are given, and an emptied text as no answer', async () => {
    const onAnswer = vi.fn();
    render(<FormView form={form} answers={{ name: 'A' }} onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    expect(onAnswer).toHaveBeenCalledWith('colour', 'Blue');
    await userEvent.clear(screen.getByRole('textbox', { name: /^Full name/ }));
    expect(onAnswer).toHaveBeenLastCalledWith('name', null);
  });

  it('is an inert preview without onAnswer', () => {
    render(<FormView form={form} />);
    // A disabled fieldset disables every control inside it (happy-dom does not compute that itself).
    const questions = screen.getByRole('group', { name: 'Questions (preview)' }) as HTMLFieldSetElement;
    expect(questions.disabled).toBe(true);
    expect(questions.contains(screen.getByRole('textbox', { name: /^Full name/ }))).toBe(true);
  });
});
