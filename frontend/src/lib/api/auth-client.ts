import { AUTO_REFRESH_TICK_MS, isExpired, shouldRefresh } from '@portico/common';
import type { AuthEvent, TwoFactorChallengeAnswer } from '@portico/common';
import type { AuthUser, Session } from './types';
import { ApiError, request } from './http';
import type { KeyValueStorage } from '../key-value-store';

/** A Supabase-shaped session client: one stored session, events to subscribers, auto-refresh. */

export const SESSION_STORAGE_KEY = 'portico.auth.session';
/** The super admin's own session, kept while they impersonate someone, so Stop returns to it without signing in. */
export const ASIDE_SESSION_STORAGE_KEY = 'portico.auth.session-aside';

export type AuthListener = (event: AuthEvent, session: Session | null) => void;
export type Lock = <T>(run: () => Promise<T>) => Promise<T>;
type EventSource = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export interface AuthClientOptions {
  storage: KeyValueStorage;
  now?: () => number;
  /** Serialises refreshes across tabs: a rotated refresh token replayed by a second tab revokes the family. */
  lock?: Lock;
}

export interface SignUpInput {
  email: string;
  password: string;
  full_name: string;
  title?: string;
  /** The invitation link signed up from: it lets its own address sign up where self-serve signup is closed. */
  invitation_token?: string;
}

export class NoUserDataError extends Error {
  constructor() {
    super('No user data received. Please try again.');
    this.name = 'NoUserDataError';
  }
}

function isSession(value: unknown): value is Session {
  const v = value as Partial<Session> | null;
  return (
    typeof v?.access_token === 'string' &&
    typeof v.refresh_token === 'string' &&
    typeof v.expires_at === 'number' &&
    typeof v.user?.id === 'string'
  );
}

function parseSession(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isSession(value) ? value : null;
  } catch {
    return null;
  }
}

/** The password was right and a second step is due (a code, or enrolment when the platform requires 2FA). */
export function isTwoFactorChallenge(value: unknown): value is TwoFactorChallengeAnswer {
  const v = value as Partial<TwoFactorChallengeAnswer> | null;
  return v?.two_factor_required === true && typeof v.challenge_token === 'string';
}

const bearer = (session: Session) => ({ authorization: `Bearer ${session.access_token}` });

export class AuthClient {
  readonly #storage: KeyValueStorage;
  readonly #now: () => number;
  readonly #lock: Lock;
  readonly #listeners = new Set<AuthListener>();
  readonly #asideRestoredListeners = new Set<() => void>();
  #session: Session | null = null;
  #initializing: Promise<void> | null = null;
  #refreshing: Promise<Session | null> | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #events: EventSource | null = null;

  constructor({ storage, now = Date.now, lock = (run) => run() }: AuthClientOptions) {
    this.#storage = storage;
    this.#now = now;
    this.#lock = lock;
  }

  getSession(): Session | null {
    return this.#session;
  }

  onAuthStateChange(listener: AuthListener): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Loads the stored session once and emits INITIAL_SESSION. */
  initialize(): Promise<void> {
    this.#initializing ??= this.#loadStored();
    return this.#initializing;
  }

  /** The password step: a session, or the challenge of the second step (nothing is kept until it passes). */
  async signInWithPassword(credentials: {
    email: string;
    password: string;
  }): Promise<Session | TwoFactorChallengeAnswer> {
    const answer = await request<unknown>('/api/auth/login', { method: 'POST', body: credentials });
    return isTwoFactorChallenge(answer) ? answer : this.adoptSession(answer);
  }

  /** An emailed sign-in link's token (in the browser that asked), or its address and code: as the password step answers. */
  async signInWithMagicLink(
    body: { token: string } | { email: string; code: string },
  ): Promise<Session | TwoFactorChallengeAnswer> {
    const answer = await request<unknown>('/api/auth/magic-link/verify', { method: 'POST', body });
    return isTwoFactorChallenge(answer) ? answer : this.adoptSession(answer);
  }

  /** The second step: a code from the authenticator app or a recovery code. */
  async signInWithTwoFactor(input: { challenge_token: string; code: string }): Promise<Session> {
    return this.adoptSession(await request<unknown>('/api/auth/login/two-factor', { method: 'POST', body: input }));
  }

  /** Signs in with a session the server answered elsewhere (enrolling in 2FA at sign-in). */
  adoptSession(answer: unknown): Session {
    if (!isSession(answer)) throw new NoUserDataError();
    this.#startFresh(answer);
    this.#emit('SIGNED_IN');
    return answer;
  }

  async signUp(input: SignUpInput): Promise<Session> {
    const answer = await request<{ session?: unknown }>('/api/auth/signup', { method: 'POST', body: input });
    if (!isSession(answer.session)) throw new NoUserDataError();
    this.#startFresh(answer.session);
    this.#emit('SIGNED_IN');
    return answer.session;
  }

  /** Owner signup (POST /api/onboarding-start): the account, its onboarding and a session, stored like sign-up's. */
  async startOnboarding<T>(input: unknown): Promise<T & { session: Session }> {
    const answer = await request<T & { session?: unknown }>('/api/onboarding-start', { method: 'POST', body: input });
    if (!isSession(answer.session)) throw new NoUserDataError();
    this.#startFresh(answer.session);
    this.#emit('SIGNED_IN');
    return { ...answer, session: answer.session };
  }

  updateUser(user: AuthUser): void {
    if (!this.#session) return;
    this.#save({ ...this.#session, user });
    this.#emit('USER_UPDATED');
  }

  notifyPasswordRecovery(): void {
    this.#emit('PASSWORD_RECOVERY');
  }

  /** Puts the signed-in session aside and switches to `session` (a super admin starting an impersonation). */
  switchToSession(session: Session): void {
    if (this.#session) this.#storage.setItem(ASIDE_SESSION_STORAGE_KEY, JSON.stringify(this.#session));
    this.#save(session);
    this.#emit('SIGNED_IN');
  }

  /** Whether a session is kept aside (this browser is impersonating someone). */
  hasSessionAside(): boolean {
    return parseSession(this.#storage.getItem(ASIDE_SESSION_STORAGE_KEY)) !== null;
  }

  /** Returns to the session put aside, if any (Stop); the current one is left to the caller to end. */
  returnToSessionAside(): Session | null {
    const aside = parseSession(this.#storage.getItem(ASIDE_SESSION_STORAGE_KEY));
    this.#storage.removeItem(ASIDE_SESSION_STORAGE_KEY);
    if (!aside) return null;
    this.#save(aside);
    this.#emit('SIGNED_IN');
    return aside;
  }

  /** Called when a session ended on the server (an impersonation's 60 minutes) and the one put aside took over. */
  onSessionAsideRestored(listener: () => void): () => void {
    this.#asideRestoredListeners.add(listener);
    return () => void this.#asideRestoredListeners.delete(listener);
  }

  /** Revokes the session on the server and always clears it locally; rethrows a server failure. */
  async signOut(): Promise<void> {
    // Signing out while impersonating ends both sessions: the one put aside would otherwise stay live.
    const sessions = [this.#session, parseSession(this.#storage.getItem(ASIDE_SESSION_STORAGE_KEY))];
    try {
      for (const session of sessions) {
        if (!session) continue;
        await request('/api/auth/logout', {
          method: 'POST',
          body: { refresh_token: session.refresh_token },
          headers: bearer(session),
        });
      }
    } catch (err) {
      // An already expired access token means there is nothing left to revoke.
      if (!(err instanceof ApiError && err.status === 401)) throw err;
    } finally {
      this.#clear();
      this.#emit('SIGNED_OUT');
    }
  }

  /** The session, refreshed first when its access token is (about to be) expired. */
  async getFreshSession(): Promise<Session | null> {
    const session = this.#session;
    if (!session || !isExpired(session.expires_at * 1000, this.#now())) return session;
    return this.refreshSession().catch(() => session);
  }

  /** Refreshes the pair; concurrent callers share the one request in flight. */
  refreshSession(): Promise<Session | null> {
    this.#refreshing ??= this.#lock(() => this.#refresh()).finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  /** Starts the 30 s auto-refresh tick and follows session changes made in other tabs. */
  start(events?: EventSource): void {
    this.stop();
    this.#timer = setInterval(() => this.tick(), AUTO_REFRESH_TICK_MS);
    this.#events = events ?? null;
    this.#events?.addEventListener('storage', this.#onStorage);
    this.tick();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#events?.removeEventListener('storage', this.#onStorage);
    this.#events = null;
  }

  tick(): void {
    const session = this.#session;
    if (!session || !shouldRefresh(session.expires_at * 1000, this.#now())) return;
    // A failure (offline, server down) is retried on the next tick.
    this.refreshSession().catch(() => undefined);
  }

  async #loadStored(): Promise<void> {
    this.#session = parseSession(this.#storage.getItem(SESSION_STORAGE_KEY));
    if (this.#session && isExpired(this.#session.expires_at * 1000, this.#now())) {
      // Offline: keep the stored session; the next call or tick refreshes it.
      await this.refreshSession().catch(() => undefined);
    }
    this.#emit('INITIAL_SESSION');
  }

  async #refresh(): Promise<Session | null> {
    const current = this.#session;
    if (!current) return null;
    const stored = parseSession(this.#storage.getItem(SESSION_STORAGE_KEY));
    const base = stored?.user.id === current.user.id ? stored : current;
    // Another tab already rotated the pair: adopt it rather than replay a used refresh token.
    if (base.refresh_token !== current.refresh_token && !shouldRefresh(base.expires_at * 1000, this.#now())) {
      this.#session = base;
      this.#emit('TOKEN_REFRESHED');
      return base;
    }
    try {
      const answer = await request<Omit<Session, 'user'> & { user?: AuthUser }>('/api/auth/refresh', {
        method: 'POST',
        body: { refresh_token: base.refresh_token },
      });
      const next: Session = { ...answer, user: answer.user ?? base.user };
      this.#save(next);
      this.#emit('TOKEN_REFRESHED');
      return next;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // An impersonation that ran out: back to the super admin's own session rather than signed out.
        const aside = this.returnToSessionAside();
        if (aside) {
          for (const listener of [...this.#asideRestoredListeners]) listener();
          return aside;
        }
        this.#clear();
        this.#emit('SIGNED_OUT');
        return null;
      }
      throw err;
    }
  }

  readonly #onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY) return;
    const previous = this.#session;
    const next = parseSession(event.newValue);
    this.#session = next;
    if (!next) {
      if (previous) this.#emit('SIGNED_OUT');
      return;
    }
    this.#emit(previous?.user.id === next.user.id ? 'TOKEN_REFRESHED' : 'SIGNED_IN');
  };

  /** A sign-in or sign-up starts over: no session stays aside for a later return. */
  #startFresh(session: Session): void {
    this.#storage.removeItem(ASIDE_SESSION_STORAGE_KEY);
    this.#save(session);
  }

  #save(session: Session): void {
    this.#session = session;
    this.#storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  }

  #clear(): void {
    this.#session = null;
    this.#storage.removeItem(SESSION_STORAGE_KEY);
    this.#storage.removeItem(ASIDE_SESSION_STORAGE_KEY);
  }

  #emit(event: AuthEvent): void {
    const session = this.#session;
    for (const listener of [...this.#listeners]) listener(event, session);
  }
}
