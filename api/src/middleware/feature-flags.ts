import { WORKSPACE_CAPABILITIES, WORKSPACE_CAPABILITY_OFF, type FeatureFlagKey } from '@portico/common';
import { assertFlagOn, forbidden, type AppContext, type Tenant } from '@portico/core';
import type { RequestHandler } from 'express';

/*
 * A feature flag that is off hides its capability everywhere (DECISIONS §4): every call under the
 * paths below is refused with 403 and a sentence, on the web app's API and on the public API alike.
 * Self-serve signup is refused by the service that creates accounts.
 */

/** The flag each first path segment belongs to (under /api, and under /api/v1 for the public API). */
const FLAG_OF_SEGMENT: Record<string, FeatureFlagKey> = {
  embeds: 'embeds',
  forms: 'forms',
  'form-responses': 'forms',
  files: 'files',
};

/** The flags a path under /api needs on. */
export function flagsOfPath(path: string): FeatureFlagKey[] {
  const segments = path.split('/').filter(Boolean);
  const flags: FeatureFlagKey[] = [];
  if (segments[0] === 'v1') {
    flags.push('public_api');
    segments.shift();
  }
  if (segments[0] === 'integrations' && segments[1] === 'api-keys') flags.push('public_api');
  const flag = segments[0] === undefined ? undefined : FLAG_OF_SEGMENT[segments[0]];
  if (flag) flags.push(flag);
  return flags;
}

/**
 * Refuses a call of a capability its workspace turned off (`features`, chosen at onboarding and in
 * Settings), on the web app's API and the public API alike; the guards call it once they know the
 * workspace.
 */
export function refuseCapabilitiesOff(tenant: Pick<Tenant, 'features'>, path: string): void {
  for (const flag of flagsOfPath(path)) {
    const capability = WORKSPACE_CAPABILITIES.find((c) => c === flag);
    if (capability && tenant.features[capability] === false)
      throw forbidden(WORKSPACE_CAPABILITY_OFF[capability], 'feature_off_workspace');
  }
}

/** Refuses a call whose capability's flag is off. */
export function requireFeatureFlags(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    for (const flag of flagsOfPath(req.path)) await assertFlagOn(ctx, flag);
    next();
  };
}
