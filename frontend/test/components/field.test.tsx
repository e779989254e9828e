import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ColorField } from '../../src/ui/ColorField';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../src/ui/Field';

function describedText(element: HTMLElement): string | null {
  const id = element.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('TextField', () => {
  it('is named by its label', () => {
    render(<TextField label="Email" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
  });

  it('is described by its help while it has no error', () => {
    render(<TextField label="Email" help="We never share it." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(describedText(input)).toBe('We never share it.');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows its error instead of its help, is invalid and described by the error', () => {
    render(<TextField label="Email" help="We never share it." error="Enter a valid email." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(input)).toBe('Enter a valid email.');
    expect(screen.queryByText('We never share it.')).toBeNull();
  });
});

describe('SelectField and TextAreaField', () => {
  it('label their control and carry its error', () => {
    render(
      <>
        <SelectField label="Role" error="Choose a role.">
          <option value="">Choose…</option>
          <option value="admin">Admin</option>
        </SelectField>
        <TextAreaField label="Notes" help="Only admins see these." />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(select)).toBe('Choose a role.');
    expect(describedText(screen.getByRole('textbox', { name: 'Notes' }))).toBe('Only admins see these.');
  });
});

describe('CheckboxField', () => {
  it('toggles from its label and carries its error', async () => {
    render(<CheckboxField label="I accept the terms" error="Accept the terms to go on." />);
    const checkbox = screen.getByRole('checkbox', { name: 'I accept the terms' }) as HTMLInputElement;
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(checkbox)).toBe('Accept the terms to go on.');
    await userEvent.click(screen.getByText('I accept the terms'));
    expect(checkbox.checked).toBe(true);
  });
});

interface Values {
  name: string;
  role: string;
  bio: string;
  terms: boolean;
}

function RegisteredForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const { register, handleSubmit } = useForm<Values>({
    defaultValues: { name: '', role: 'member', bio: '', terms: false },
  });
  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <TextField label="Name" {...register('name')} />
      <SelectField label="Role" {...register('role')}>
        <option value="member">Member</option>
        <option value="admin">Admin</option>
      </SelectField>
      <TextAreaField label="Bio" {...register('bio')} />
      <CheckboxField label="Terms" {...register('terms')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('react-hook-form register()', () => {
  it('reads every field through its ref', async () => {
    const onSubmit = vi.fn();
    render(<RegisteredForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await userEvent.type(screen.getByRole('textbox', { name: 'Bio' }), 'Engineer');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Terms' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Ada', role: 'admin', bio: 'Engineer', terms: true });
  });
});

describe('ColorField', () => {
  it('labels its hex input, shows the fallback in the picker until the value is a colour, and carries its error', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <ColorField
        label="Primary colour"
        value="#12"
        fallback="#2563EB"
        error="Use a hex colour."
        onChange={onChange}
      />,
    );
    const hex = screen.getByRole('textbox', { name: 'Primary colour' });
    expect(hex.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(hex)).toBe('Use a hex colour.');
    const picker = screen.getByLabelText('Primary colour picker') as HTMLInputElement;
    expect(picker.value.toLowerCase()).toBe('#2563eb');

    rerender(<ColorField label="Primary colour" value="#0F766E" fallback="#2563EB" onChange={onChange} />);
    expect(picker.value.toLowerCase()).toBe('#0f766e');
    expect(hex.getAttribute('aria-invalid')).toBeNull();
  });

  it('passes what is typed to onChange', async () => {
    const onChange = vi.fn();
    render(<ColorField label="Primary colour" value="" fallback="#2563EB" onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Primary colour' }), '#');
    expect(onChange).toHaveBeenCalledWith('#');
  });
});
