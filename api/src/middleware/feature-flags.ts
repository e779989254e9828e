import { WORKSPACE_CAPABILITIES, WORKSPACE_CAPABILITY_OFF, type FeatureFlagKey } from '@portico/common';
import { assertFlagOn, forbidden, type AppContext, type Tenant } from '@portico/core';
import type { RequestHandler } from 'express';

/*
 * A feature flag that is off hides its capability everywhere (DECISIONS §4): every route of its area
 * is refused with 403 and a sentence, on the web app's API and on the public API alike (the whole
 * public API is `public_api`'s, refused where it is mounted). Which flags a route needs is read from
 * its declaration when it is mounted, never from the path a request spells: routing is
 * case-sensitive, so `/api/FILES` matches no route at all (a 404) instead of a route whose area the
 * raw path would not name. Self-serve signup is refused by the service that creates accounts.
 */

/** The flag each area (the first segment of a declared path) belongs to. */
const FLAG_OF_AREA: Record<string, FeatureFlagKey> = {
  embeds: 'embeds',
  forms: 'forms',
  'form-responses': 'forms',
  files: 'files',
};

/** The flags a declared route (its path, as declared, under /api or /api/v1) needs on. */
export function flagsOfRoute(declaredPath: string): FeatureFlagKey[] {
  const [area, section] = declaredPath.split('/').filter(Boolean);
  const flags: FeatureFlagKey[] = [];
  if (area === 'integrations' && section === 'api-keys') flags.push('public_api');
  const flag = area === undefined ? undefined : FLAG_OF_AREA[area];
  if (flag) flags.push(flag);
  return flags;
}

/**
 * Refuses a call of a capability its workspace turned off (`features`, chosen at onboarding and in
 * Settings), on the web app's API and the public API alike, once the guard knows the workspace.
 */
export function refuseCapabilitiesOff(tenant: Pick<Tenant, 'features'>, flags: readonly FeatureFlagKey[]): void {
  for (const flag of flags) {
    const capability = WORKSPACE_CAPABILITIES.find((c) => c === flag);
    if (capability && tenant.features[capability] === false)
      throw forbidden(WORKSPACE_CAPABILITY_OFF[capability], 'feature_off_workspace');
  }
}

/** Refuses a call when one of these flags is off; nothing at all when there are none. */
export function requireFlags(ctx: AppContext, flags: readonly FeatureFlagKey[]): RequestHandler[] {
  if (flags.length === 0) return [];
  return [
    async (_req, _res, next) => {
      for (const flag of flags) await assertFlagOn(ctx, flag);
      next();
    },
  ];
}
