import { SIGNUP_TITLES } from '@portico/common';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignupForm, type SignupVariant } from '../../src/features/auth/signup/SignupForm';
import type { AnswerTable, Call } from '../fake-fetch';
import { platformSite, renderApp } from './render-app';

const USER = {
  id: '2c9e5d7a-1b3f-4e8a-9d6c-7f0a1b2c3d4e',
  email: 'ada@example.com',
  role: null,
  created_at: '2026-11-27T00:00:00.000Z',
  last_sign_in_at: null,
};
const SESSION = { access_token: 'new-access', refresh_token: 'new-refresh', expires_at: 4_102_444_800, user: USER };

const RULE = 'At least 12 characters, with a number.';

/** The platform's sign-up page: its brand and password rule. */
const SITE: AnswerTable = { 'GET /api/public/site': { status: 200, body: platformSite(RULE) } };

/** A server that creates the account and then tells who is signed in: no workspace yet. */
const CREATES: AnswerTable = {
  ...SITE,
  'POST /api/onboarding-start': { status: 201, body: { onboarding: { step: 'plan' }, session: SESSION } },
  'POST /api/auth/signup': { status: 201, body: { session: SESSION } },
  'GET /api/auth/user': {
    status: 200,
    body: { user: USER, profile: null, is_super_admin: false, memberships: [], abilities: {} },
  },
};

const MEMBER: SignupVariant = { kind: 'member', invitation: null };

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

type User = ReturnType<typeof renderApp>['user'];

/** Types by pasting: one input event, so a test does not wait on a keystroke per character. */
async function fill(user: User, label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

/** The owner's password, workspace and how they heard of us, once the name and email are in. */
async function fillTheRest(user: User) {
  await fill(user, 'Password', 'long-enough');
  await fill(user, 'Company name', 'Analytical Engines');
  await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'Other');
  await fill(user, 'Where did you hear about us?', 'A friend');
  await user.selectOptions(screen.getByLabelText('Your title'), SIGNUP_TITLES[0]);
}

describe('the signup form', () => {
  it('owner: asks the account and the workspace, sends only once all is valid, then goes on to the wizard', async () => {
    const { calls, user } = renderApp(<SignupForm variant={{ kind: 'owner', plan: 'pro', cycle: 'monthly' }} />, {
      path: '/signup',
      answers: CREATES,
    });
    const create = screen.getByRole('button', { name: 'Create Workspace' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    await fill(user, 'Full name', 'Ada Lovelace');
    await fill(user, 'Work email', 'ada@example');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    await fill(user, 'Work email', '.com');
    await fillTheRest(user);
    expect(create.disabled).toBe(false);
    expect(posts(calls)).toEqual([]);

    await user.click(create);
    expect(await screen.findByText('Now at /onboarding?cycle=monthly')).toBeTruthy();
    expect(posts(calls).map((c) => c.path)).toEqual(['/api/onboarding-start']);
    expect(posts(calls)[0]?.body).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      companyName: 'Analytical Engines',
      source: 'Other',
      sourceOther: 'A friend',
      plan: 'pro',
    });
    expect(JSON.parse(localStorage.getItem('portico.auth.session') ?? 'null')).toMatchObject({
      access_token: 'new-access',
    });
  });

  it('owner: says why the server refused the signup, and stays', async () => {
    const { user } = renderApp(<SignupForm variant={{ kind: 'owner', plan: null, cycle: 'monthly' }} />, {
      path: '/signup',
      answers: {
        ...SITE,
        'POST /api/onboarding-start': { status: 409, body: { error: 'This email is already registered.' } },
      },
    });
    await fill(user, 'Full name', 'Ada Lovelace');
    await fill(user, 'Work email', 'ada@example.com');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect(await screen.findByText('Sign up failed: This email is already registered.')).toBeTruthy();
    expect(localStorage.getItem('portico.auth.session')).toBeNull();
  });

  it('member: the invited address is fixed, no workspace is asked, and the platform’s password rule is shown', async () => {
    const { calls } = renderApp(
      <SignupForm
        variant={{
          kind: 'member',
          invitation: {
            token: 'token-1',
            email: 'cleo@example.com',
            tenant_id: 'tenant-1',
            tenant_name: 'Harbor Legal',
          } as Extract<SignupVariant, { kind: 'member' }>['invitation'],
        }}
      />,
      { answers: SITE },
    );
    expect(field('Work email').value).toBe('cleo@example.com');
    expect(field('Work email').readOnly).toBe(true);
    expect(screen.getByText('This is the address your invitation was sent to.')).toBeTruthy();
    expect(screen.queryByLabelText('Company name')).toBeNull();
    expect((screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText(RULE)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/public/site']);
  });

  it('member without an invitation: creates the account as a Team Member, then goes to sign in', async () => {
    const { calls, user } = renderApp(<SignupForm variant={MEMBER} />, { path: '/signup', answers: CREATES });
    await fill(user, 'Full name', ' Cleo Client ');
    await fill(user, 'Work email', 'cleo@example.com');
    await fill(user, 'Password', 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Now at /login?message=signup_complete')).toBeTruthy();
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      [
        '/api/auth/signup',
        { email: 'cleo@example.com', password: 'long-enough', full_name: 'Cleo Client', title: 'Team Member' },
      ],
    ]);
  });

  it('member: says why the account could not be created', async () => {
    const { user } = renderApp(<SignupForm variant={MEMBER} />, {
      path: '/signup',
      answers: { ...SITE, 'POST /api/auth/signup': { status: 403, body: { error: 'Signup is by invitation only.' } } },
    });
    await fill(user, 'Full name', 'Cleo Client');
    await fill(user, 'Work email', 'cleo@example.com');
    await fill(user, 'Password', 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Sign up failed: Signup is by invitation only.')).toBeTruthy();
  });
});
