import type { Tenant } from '@portico/core';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { Person } from '../../testing/factories';
import type { RequestOptions, TestApp } from '../../testing/harness';

export const INVALID_KEY = 'Invalid API key.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const PLAN_REQUIRED = 'API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.';
export const KEY_FORMAT = /^ptk_[A-Za-z0-9_-]{43}$/;

/** Creates an API key through the Integrations endpoint, as the workspace admin. */
export async function createKey(
  app: TestApp,
  tenant: Tenant,
  admin: Person,
  label = 'Zapier',
): Promise<{ id: string; key: string }> {
  const res = await app.request('POST', '/integrations/api-keys', {
    token: admin.token,
    tenantId: tenant.id,
    body: { label },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.key.id, key: res.body.key.key };
}

/** A call to the public API (`/api/v1{path}`) with a bearer token (an API key, or anything else). */
export function v1(
  app: TestApp,
  token: string | undefined,
  method: string,
  path: string,
  options: Omit<RequestOptions, 'token'> = {},
) {
  return app.request(method, `/v1${path}`, { ...options, token });
}

/** The body is exactly what the response schema (and so the OpenAPI document) describes: no key more or less. */
export function expectConforms(schema: z.ZodType, body: unknown): void {
  const result = schema.safeParse(body);
  expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  expect(result.data).toEqual(body);
}
