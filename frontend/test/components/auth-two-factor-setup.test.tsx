import { ENTER_TOTP_CODE } from '@portico/common';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TwoFactorSection } from '../../src/features/auth/two-factor/TwoFactorSection';
import type { Answer, Call } from '../fake-fetch';
import { renderApp } from './render-app';

const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Portico:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
  qr_code: 'data:image/png;base64,iVBORw0KGgo=',
};

/** Ada's own settings, two-factor sign-in off; the server answers her code with `confirmed`. */
async function startSetup(confirmed: Answer = { status: 200, body: { recovery_codes: ['aaaa-bbbb', 'cccc-dddd'] } }) {
  let enabled = false;
  const app = renderApp(<TwoFactorSection />, {
    signedIn: { email: 'ada@example.com' },
    answers: {
      'GET /api/auth/two-factor': () => ({
        status: 200,
        body: { two_factor: { enabled, required: false, recovery_codes_left: enabled ? 2 : 0 } },
      }),
      'POST /api/auth/two-factor/enrolment': { status: 200, body: { enrolment: ENROLMENT } },
      'POST /api/auth/two-factor/enrolment/confirm': () => {
        enabled = confirmed.status === 200;
        return confirmed;
      },
    },
  });
  await app.user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
  expect((await screen.findByLabelText('Setup key')).textContent).toBe(ENROLMENT.secret);
  return app;
}

const confirmations = (calls: Call[]) => calls.filter((c) => c.path === '/api/auth/two-factor/enrolment/confirm');

describe('setting up two-factor sign-in', () => {
  it('refuses a code that is not six digits, next to the field, and sends nothing', async () => {
    const { calls, user } = await startSetup();
    await user.type(screen.getByLabelText('Authentication code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    expect(await screen.findByText(ENTER_TOTP_CODE)).toBeTruthy();
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBe('true');
    expect(confirmations(calls)).toEqual([]);
  });

  it('sends the code without the spaces people type, as the person signed in, then shows the recovery codes', async () => {
    const { calls, user } = await startSetup();
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Recovery codes' }).textContent).toContain('cccc-dddd');
    const [confirm] = confirmations(calls);
    expect(confirm?.body).toEqual({ code: '123456' });
    expect(confirm?.headers.authorization).toBe('Bearer access-token');

    await user.click(screen.getByRole('button', { name: /saved/i }));
    expect(await screen.findByText('Two-factor sign-in is on')).toBeTruthy();
    expect(await screen.findByText(/2 recovery codes left/)).toBeTruthy();
  });

  it('shows the server’s refusal of the code', async () => {
    const { user } = await startSetup({ status: 400, body: { error: 'That code is not right. Try the next one.' } });
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText('That code is not right. Try the next one.')).toBeTruthy();
  });
});
