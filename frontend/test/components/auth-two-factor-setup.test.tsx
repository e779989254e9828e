import { ENTER_TOTP_CODE } from '@portico/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TwoFactorSetup } from '../../src/features/auth/two-factor/TwoFactorSetup';

const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Portico:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
  qr_code: 'data:image/png;base64,iVBORw0KGgo=',
};

function renderSetup(confirm: (code: string) => Promise<string[]>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TwoFactorSetup setupKey="test" start={async () => ENROLMENT} confirm={confirm} onDone={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('setting up two-factor sign-in', () => {
  it('refuses a code that is not six digits, next to the field, and sends nothing', async () => {
    const confirm = vi.fn(async (_code: string) => ['code-1']);
    renderSetup(confirm);
    await userEvent.type(await screen.findByLabelText('Authentication code'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const field = screen.getByLabelText('Authentication code');
    expect(await screen.findByText(ENTER_TOTP_CODE)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('sends the code without the spaces people type, then shows the recovery codes', async () => {
    const confirm = vi.fn(async (_code: string) => ['aaaa-bbbb', 'cccc-dddd']);
    renderSetup(confirm);
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(confirm.mock.calls[0]?.[0]).toBe('123456');
    expect(screen.getByRole('list', { name: 'Recovery codes' }).textContent).toContain('cccc-dddd');
  });
});
