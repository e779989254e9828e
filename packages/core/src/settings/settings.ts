import {
  DEFAULT_SETTINGS,
  FEATURE_FLAG_KEYS,
  FEATURE_FLAGS,
  SETTINGS_SECTIONS,
  type FeatureFlagKey,
  type PasswordComplexity,
  type PlatformSettings,
  type SettingsSection,
} from '@portico/common';
import type { Sequelize } from 'sequelize';

import type { Logger } from '../logger';
import { inTransaction, type ServiceContext } from '../scope';
import { audit } from '../kernel/audit';
import { badRequest, forbidden, type DomainError } from '../kernel/errors';
import { findFeatureFlags, findSettingsSections, upsertFeatureFlag, upsertSettingsSection } from './settings-data';

/*
 * The console's Super Settings and the feature flags, enforced where they apply (DECISIONS §4).
 * Every request may read them (the flags, the rate limits), so each process keeps one snapshot in
 * memory and never asks Redis for them: a request never waits on anything but the very first read.
 * A snapshot older than FRESH_MS is still served while PostgreSQL is read again in the background;
 * a save drops this process's snapshot at once, and other processes see it within FRESH_MS
 * (docs/architecture.md, "Caches").
 */

/** How long another process may act on settings saved elsewhere. */
export const SETTINGS_FRESH_MS = 5_000;

interface Snapshot {
  settings: PlatformSettings;
  flags: Partial<Record<FeatureFlagKey, boolean>>;
  readAt: number;
}

interface SnapshotState {
  current?: Snapshot;
  loading?: Promise<Snapshot>;
  /** Bumped by every save; a read that started before one does not become the snapshot. */
  generation: number;
  logger?: Logger;
}

const states = new WeakMap<Sequelize, SnapshotState>();

function stateOf(sequelize: Sequelize): SnapshotState {
  let state = states.get(sequelize);
  if (!state) states.set(sequelize, (state = { generation: 0 }));
  return state;
}

/** What reading the settings needs (the password reset runs with the connection alone). */
type Reader = Pick<ServiceContext, 'sequelize' | 'db'>;

/** Lets the process log a background read of the settings that failed (createContext does this). */
export function useSettingsLogger(sequelize: Sequelize, logger: Logger): void {
  stateOf(sequelize).logger = logger;
}

/** Every section, the saved values over the defaults (a value saved by an older release and no longer valid reads as its default). */
async function readSnapshot(ctx: Pick<ServiceContext, 'db'>): Promise<Snapshot> {
  const [rows, flagRows] = await Promise.all([findSettingsSections(ctx), findFeatureFlags(ctx)]);
  const settings: PlatformSettings = structuredClone(DEFAULT_SETTINGS);
  for (const row of rows) {
    const section = row.section as SettingsSection;
    if (!Object.hasOwn(SETTINGS_SECTIONS, section)) continue;
    const parsed = SETTINGS_SECTIONS[section].safeParse({ ...DEFAULT_SETTINGS[section], ...row.value });
    if (parsed.success) Object.assign(settings[section], parsed.data);
  }
  const flags = Object.fromEntries(flagRows.map((r) => [r.key, r.enabled]));
  return { settings, flags, readAt: performance.now() };
}

async function snapshot(ctx: Reader): Promise<Snapshot> {
  const state = stateOf(ctx.sequelize);
  const { current } = state;
  if (current && performance.now() - current.readAt < SETTINGS_FRESH_MS) return current;
  if (!state.loading) {
    const generation = state.generation;
    state.loading = readSnapshot(ctx).then(
      (read) => {
        if (state.generation === generation) {
          state.current = read;
          state.loading = undefined;
        }
        return read;
      },
      (error: unknown) => {
        if (state.generation === generation) state.loading = undefined;
        throw error;
      },
    );
  }
  if (!current) return state.loading;
  state.loading.catch((error: unknown) =>
    state.logger?.warn({ err: error }, 'reading the settings again failed; the last ones stay in use'),
  );
  return current;
}

/** Drops this process's snapshot, so the next read sees what was just saved. */
function forgetSnapshot(ctx: Reader): void {
  const state = stateOf(ctx.sequelize);
  state.generation += 1;
  state.current = undefined;
  state.loading = undefined;
}

/** Every section, the saved values over the defaults; the caller must not change it. */
export async function getSettings(ctx: Reader): Promise<PlatformSettings> {
  return (await snapshot(ctx)).settings;
}

/** What a save changed, field by field: the old and new value of each. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, value] of Object.entries(after))
    if (JSON.stringify(before[field]) !== JSON.stringify(value)) changes[field] = { from: before[field], to: value };
  return changes;
}

/** Saves one section whole, audited with what changed; answers every section. */
export async function saveSettingsSection<S extends SettingsSection>(
  ctx: ServiceContext,
  actor: { userId: string; ip?: string | null },
  input: { section: S; values: PlatformSettings[S] },
): Promise<PlatformSettings> {
  const before = await getSettings(ctx);
  await inTransaction(ctx, async (transaction) => {
    await upsertSettingsSection(ctx, input.section, { ...input.values }, transaction);
    await audit(
      ctx,
      { actor },
      {
        action: 'settings.updated',
        entity: { type: 'settings', id: input.section },
        details: {
          section: input.section,
          changes: changedFields(before[input.section], input.values as Record<string, unknown>),
        },
      },
      transaction,
    );
    // Forgotten once the values are there for every reader: also when the caller's transaction commits later.
    transaction.afterCommit(() => forgetSnapshot(ctx));
  });
  return getSettings(ctx);
}

export interface FlagState {
  key: FeatureFlagKey;
  enabled: boolean;
  description: string;
}

/** Every feature flag; one never set is on. */
export async function listFlags(ctx: Reader): Promise<FlagState[]> {
  const { flags } = await snapshot(ctx);
  return FEATURE_FLAG_KEYS.map((key) => ({ key, enabled: flags[key] ?? true, description: FEATURE_FLAGS[key] }));
}

export async function isFlagOn(ctx: Reader, key: FeatureFlagKey): Promise<boolean> {
  return (await listFlags(ctx)).find((f) => f.key === key)!.enabled;
}

const FLAG_OFF_SENTENCES: Record<FeatureFlagKey, string> = {
  embeds: 'Embedded pages are turned off on this platform.',
  forms: 'Forms are turned off on this platform.',
  files: 'File sharing is turned off on this platform.',
  public_api: 'The public API is turned off on this platform.',
  signup: 'Self-serve signup is turned off on this platform. Ask for an invitation.',
};

/** Refuses (403) what a flag that is off hides. */
export async function assertFlagOn(ctx: Reader, key: FeatureFlagKey): Promise<void> {
  if (!(await isFlagOn(ctx, key))) throw forbidden(FLAG_OFF_SENTENCES[key], 'feature_off');
}

/** Turns a flag on or off, audited. */
export async function setFlag(
  ctx: ServiceContext,
  actor: { userId: string; ip?: string | null },
  input: { key: FeatureFlagKey; enabled: boolean },
): Promise<FlagState> {
  await inTransaction(ctx, async (transaction) => {
    await upsertFeatureFlag(ctx, input.key, input.enabled, transaction);
    await audit(
      ctx,
      { actor },
      {
        action: 'flag.updated',
        entity: { type: 'feature_flag', id: input.key },
        details: { key: input.key, enabled: input.enabled },
      },
      transaction,
    );
  });
  forgetSnapshot(ctx);
  return { key: input.key, enabled: input.enabled, description: FEATURE_FLAGS[input.key] };
}

const COMPLEXITY_RULES: Record<PasswordComplexity, { test: (p: string) => boolean; sentence: string }> = {
  none: { test: () => true, sentence: '' },
  letters_digits: {
    test: (p) => /\p{L}/u.test(p) && /\d/.test(p),
    sentence: ' and contain at least one letter and one digit',
  },
  mixed_case_digits_symbols: {
    test: (p) => /\p{Ll}/u.test(p) && /\p{Lu}/u.test(p) && /\d/.test(p) && /[^\p{L}\d]/u.test(p),
    sentence: ' and contain a lowercase letter, an uppercase letter, a digit and a symbol',
  },
};

/** The platform's password rule as a sentence, e.g. "Password must be at least 10 characters." */
export function passwordRule(policy: PlatformSettings['security'], label = 'Password'): string {
  return `${label} must be at least ${policy.passwordMin} characters${COMPLEXITY_RULES[policy.passwordComplexity].sentence}.`;
}

/** The one password check (signup, reset, change, an admin setting one): refuses with the current rule. */
export async function assertPasswordPolicy(ctx: Reader, password: string, label = 'Password'): Promise<void> {
  const { security } = await getSettings(ctx);
  if (password.length < security.passwordMin || !COMPLEXITY_RULES[security.passwordComplexity].test(password))
    throw badRequest(passwordRule(security, label), 'weak_password');
}

/** Self-serve signup: only from the allowed email domains when there are any. */
export async function assertSignupDomain(ctx: Reader, email: string): Promise<void> {
  const { security } = await getSettings(ctx);
  if (security.domainAllowlist.length === 0) return;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (!security.domainAllowlist.includes(domain))
    throw forbidden(
      `Sign-up is open only to email addresses at ${security.domainAllowlist.join(', ')}. Use one of those, or ask for an invitation.`,
      'domain_not_allowed',
    );
}

/** Whether an IPv4 address falls inside an allowlist line (an address, or address/mask). */
function ipInLine(ip: string, line: string): boolean {
  const [base, maskText] = line.split('/');
  const mask = maskText === undefined ? 32 : Math.min(Number(maskText), 32);
  const toNumber = (a: string) => a.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(ip)) return false;
  const bits = mask === 0 ? 0 : (0xffffffff << (32 - mask)) >>> 0;
  return (toNumber(ip) & bits) >>> 0 === (toNumber(base!) & bits) >>> 0;
}

/**
 * The console's IP allowlist: when it has lines, the refusal for a super admin's authority used from
 * an address outside them (null when the address may use it).
 */
export async function consoleAddressRefusal(ctx: Reader, ip: string | undefined): Promise<DomainError | null> {
  const { security } = await getSettings(ctx);
  if (security.ipAllowlist.length === 0) return null;
  const address = (ip ?? '').replace(/^::ffff:/, '');
  if (security.ipAllowlist.some((line) => ipInLine(address, line))) return null;
  return forbidden(
    `The platform console is not open to your address (${address || 'unknown'}). Ask another super admin to add it to the IP allowlist.`,
    'ip_not_allowed',
  );
}
