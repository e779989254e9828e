import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../src/ui/Button';
import { Form, FormActions, FormGrid } from '../../src/ui/Form';
import { TextField } from '../../src/ui/Field';

describe('Form', () => {
  it('is a form that submits with its fields, grid and actions inside', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Form aria-label="Profile" onSubmit={onSubmit}>
        <FormGrid columns={3}>
          <TextField label="First name" />
          <TextField label="Last name" />
        </FormGrid>
        <FormActions split>
          <Button type="submit">Save</Button>
        </FormActions>
      </Form>,
    );
    expect(screen.getByRole('form', { name: 'Profile' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'Lovelace{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
