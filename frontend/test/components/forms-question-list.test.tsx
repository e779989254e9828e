import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuestionList } from '../../src/features/forms/builder/QuestionList';
import type { QuestionActions } from '../../src/features/forms/builder/QuestionList';
import { draftQuestion } from '../../src/features/forms/builder/builder-state';

function actions(): QuestionActions {
  return {
    onLabel: vi.fn(),
    onRequired: vi.fn(),
    onOptions: vi.fn(),
    onType: vi.fn(),
    onMove: vi.fn(),
    onReorder: vi.fn(),
    onDuplicate: vi.fn(),
    onDelete: vi.fn(),
  };
}

const choice = { ...draftQuestion('choice', 'q1'), label: 'Favourite colour' };
const short = { ...draftQuestion('short', 'q2'), label: '' };

describe('the builder question editor', () => {
  it('shows each problem the shared schema found next to the part it is about', () => {
    render(
      <QuestionList
        questions={[choice, short]}
        issues={{ q1: { options: 'Give at least one option.' }, q2: { label: 'Write the question.' } }}
        ruleSummaries={new Map()}
        addedId={null}
        {...actions()}
      />,
    );
    const [first, second] = screen.getAllByRole('listitem');
    const options = within(first!).getByRole('textbox', { name: 'Options' });
    expect(options.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(options.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Give at least one option.',
    );
    const label = within(second!).getByRole('textbox', { name: 'Question' });
    expect(label.getAttribute('aria-invalid')).toBe('true');
    expect(within(second!).getByText('Write the question.')).toBeTruthy();
    expect(within(second!).queryByRole('textbox', { name: 'Options' })).toBeNull();
  });

  it('says a rule problem instead of the rule, and the rule when there is no problem', () => {
    const { rerender } = render(
      <QuestionList
        questions={[choice]}
        issues={{ q1: { logic: 'The answer is no longer an option.' } }}
        ruleSummaries={new Map([['q1', 'Shown only when “Q2” is “Yes”.']])}
        addedId={null}
        {...actions()}
      />,
    );
    expect(screen.getByText('Logic: The answer is no longer an option.')).toBeTruthy();
    expect(screen.queryByText('Shown only when “Q2” is “Yes”.')).toBeNull();
    rerender(
      <QuestionList
        questions={[choice]}
        issues={{}}
        ruleSummaries={new Map([['q1', 'Shown only when “Q2” is “Yes”.']])}
        addedId={null}
        {...actions()}
      />,
    );
    expect(screen.getByText('Shown only when “Q2” is “Yes”.')).toBeTruthy();
  });

  it('names its buttons after the question, disables the moves it cannot make and reports the edits', async () => {
    const handlers = actions();
    render(
      <QuestionList questions={[choice, short]} issues={{}} ruleSummaries={new Map()} addedId={null} {...handlers} />,
    );
    const up = screen.getByRole('button', { name: 'Move Favourite colour up' }) as HTMLButtonElement;
    expect(up.disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Move Favourite colour down' }));
    expect(handlers.onMove).toHaveBeenCalledWith('q1', 1);
    const [first] = screen.getAllByRole('listitem');
    await userEvent.click(within(first!).getByRole('checkbox', { name: 'Required' }));
    expect(handlers.onRequired).toHaveBeenCalledWith('q1', true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Favourite colour' }));
    expect(handlers.onDelete).toHaveBeenCalledWith('q1');
  });
});
