import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, makeUser, signIn } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

const LINKEDIN = 'LinkedIn URL must be a web address starting with http:// or https://.';
const PHONE = 'Phone may contain only digits, spaces and + ( ) . -';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function signedInUser(fullName = 'Grace Hopper') {
  const user = await makeUser(app.ctx, { fullName });
  return { user, token: (await signIn(app, user.email)).token };
}

async function storedProfile(id: string) {
  const row = await app.ctx.db.Profile.findByPk(id);
  return {
    first_name: row?.first_name,
    last_name: row?.last_name,
    phone: row?.phone,
    linkedin: row?.linkedin,
    title: row?.title,
  };
}

describe('GET /api/profile', () => {
  it("answers the signed-in user's profile", async () => {
    const { user, token } = await signedInUser('Grace Brewster Hopper');
    const res = await app.request('GET', '/profile', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      profile: {
        id: user.id,
        first_name: 'Grace',
        last_name: 'Brewster Hopper',
        phone: null,
        linkedin: null,
        title: null,
      },
    });
  });

  it('answers empty fields for an account that has no profile row yet', async () => {
    const user = await makeUser(app.ctx);
    await app.ctx.db.Profile.destroy({ where: { id: user.id } });
    const { token } = await signIn(app, user.email);
    const res = await app.request('GET', '/profile', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      profile: { id: user.id, first_name: null, last_name: null, phone: null, linkedin: null, title: null },
    });
  });

  it('needs a session', async () => {
    const res = await app.request('GET', '/profile');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in.');
  });
});

describe('PUT /api/profile', () => {
  it('saves the contact fields (trimmed) and GET answers them', async () => {
    const { user, token } = await signedInUser();
    const body = {
      first_name: '  Ada ',
      last_name: 'Lovelace',
      phone: '+44 (20) 7946-0018',
      linkedin: 'https://www.linkedin.com/in/ada-lovelace',
    };
    const res = await app.request('PUT', '/profile', { token, body });
    expect(res.status).toBe(200);
    const expected = {
      id: user.id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+44 (20) 7946-0018',
      linkedin: 'https://www.linkedin.com/in/ada-lovelace',
      title: null,
    };
    expect(res.body).toEqual({ profile: expected });
    expect((await app.request('GET', '/profile', { token })).body).toEqual({ profile: expected });
    expect(await storedProfile(user.id)).toMatchObject({ first_name: 'Ada', phone: '+44 (20) 7946-0018' });
  });

  it('changes only the fields sent', async () => {
    const { user, token } = await signedInUser('Katherine Johnson');
    await app.request('PUT', '/profile', { token, body: { phone: '555 0100', linkedin: 'http://linkedin.com/in/kj' } });
    const res = await app.request('PUT', '/profile', { token, body: { last_name: 'Goble' } });
    expect(res.status).toBe(200);
    expect(res.body.profile).toEqual({
      id: user.id,
      first_name: 'Katherine',
      last_name: 'Goble',
      phone: '555 0100',
      linkedin: 'http://linkedin.com/in/kj',
      title: null,
    });
    const empty = await app.request('PUT', '/profile', { token, body: {} });
    expect(empty.status).toBe(200);
    expect(empty.body.profile).toEqual(res.body.profile);
  });

  it('clears a field sent empty or null', async () => {
    const { user, token } = await signedInUser('Dorothy Vaughan');
    await app.request('PUT', '/profile', {
      token,
      body: { phone: '555 0199', linkedin: 'https://linkedin.com/in/dv' },
    });
    const res = await app.request('PUT', '/profile', { token, body: { linkedin: '', phone: null } });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ first_name: 'Dorothy', phone: null, linkedin: null });
    expect(await storedProfile(user.id)).toMatchObject({ phone: null, linkedin: null });
  });

  it('accepts names of exactly 100 characters', async () => {
    const { token } = await signedInUser();
    const res = await app.request('PUT', '/profile', {
      token,
      body: { first_name: 'F'.repeat(100), last_name: 'L'.repeat(100) },
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ first_name: 'F'.repeat(100), last_name: 'L'.repeat(100) });
  });

  describe('refuses bad input with 400 and changes nothing', () => {
    // These cases are all refused, so they share one user (created on first use).
    let shared: ReturnType<typeof signedInUser> | undefined;
    const person = () => (shared ??= signedInUser('Unchanged Person'));

    it.each([
      [{ linkedin: 'linkedin.com/in/ada' }, LINKEDIN],
      [{ linkedin: 'www.linkedin.com/in/ada' }, LINKEDIN],
      [{ linkedin: 'ftp://linkedin.com/in/ada' }, LINKEDIN],
      [{ linkedin: 'javascript:alert(1)' }, LINKEDIN],
      [{ linkedin: 'https://' }, LINKEDIN],
      [{ linkedin: `https://linkedin.com/${'a'.repeat(500)}` }, 'LinkedIn URL is too long.'],
      [{ linkedin: 42 }, 'LinkedIn URL must be text.'],
      [{ phone: 'call me' }, PHONE],
      [{ phone: '555-0100 ext 2' }, PHONE],
      [{ phone: '+1 555 0100 #' }, PHONE],
      [{ phone: '5'.repeat(41) }, 'Phone must be at most 40 characters.'],
      [{ phone: '1-2' }, 'Phone must have at least 3 digits.'],
      [{ first_name: 'F'.repeat(101) }, 'First name must be at most 100 characters.'],
      [{ last_name: 'L'.repeat(101) }, 'Last name must be at most 100 characters.'],
      [{ first_name: 7 }, 'First name must be text.'],
      [{ first_name: 'Fine', last_name: ['not', 'text'] }, 'Last name must be text.'],
    ])('%j → "%s"', async (body, message) => {
      const { user, token } = await person();
      const before = await storedProfile(user.id);
      const res = await app.request('PUT', '/profile', { token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: 'invalid_input' });
      expect(await storedProfile(user.id)).toEqual(before);
    });
  });

  it('needs a session', async () => {
    const res = await app.request('PUT', '/profile', { body: { first_name: 'Nobody' } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in.');
  });

  it("changes only the caller's own profile, whatever ids the body names", async () => {
    const victim = await makeUser(app.ctx, { fullName: 'Victor Victim' });
    const { user, token } = await signedInUser('Mallory Attacker');
    const res = await app.request('PUT', '/profile', {
      token,
      body: { id: victim.id, user_id: victim.id, first_name: 'Hacked' },
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ id: user.id, first_name: 'Hacked', last_name: 'Attacker' });
    expect(await storedProfile(user.id)).toMatchObject({ first_name: 'Hacked' });
    expect(await storedProfile(victim.id)).toMatchObject({ first_name: 'Victor', last_name: 'Victim' });
    // The victim's own session still sees their untouched profile.
    const victimSession = await signIn(app, victim.email, DEFAULT_PASSWORD);
    expect((await app.request('GET', '/profile', { token: victimSession.token })).body.profile).toMatchObject({
      id: victim.id,
      first_name: 'Victor',
    });
  });

  it('has no per-user route: PUT /api/profile/:id is 404 and changes nothing', async () => {
    const victim = await makeUser(app.ctx, { fullName: 'Victor Victim' });
    const { token } = await signedInUser('Mallory Attacker');
    const res = await app.request('PUT', `/profile/${victim.id}`, { token, body: { first_name: 'Hacked' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `There is no PUT /profile/${victim.id} endpoint.` });
    expect(await storedProfile(victim.id)).toMatchObject({ first_name: 'Victor' });
  });

  it('creates the profile row for an account that had none', async () => {
    const user = await makeUser(app.ctx);
    await app.ctx.db.Profile.destroy({ where: { id: user.id } });
    const { token } = await signIn(app, user.email);
    const res = await app.request('PUT', '/profile', { token, body: { first_name: 'Fresh' } });
    expect(res.status).toBe(200);
    expect(res.body.profile).toEqual({
      id: user.id,
      first_name: 'Fresh',
      last_name: null,
      phone: null,
      linkedin: null,
      title: null,
    });
    expect(await storedProfile(user.id)).toMatchObject({ first_name: 'Fresh' });
  });
});
