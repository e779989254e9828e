import { z } from 'zod';
import { sameSitePath } from './sign-in';

/*
 * A workspace's own single sign-on (issue 31, Advanced plan): one OpenID Connect provider of its
 * own (issuer, client id, secret; found by discovery), which can be required for its team.
 */

export const WORKSPACE_SSO_MESSAGES = {
  plan: 'Single sign-on is available on the Advanced plan. Upgrade to use it.',
  admins: 'Only workspace admins can manage single sign-on.',
  issuer: 'Enter the issuer URL of your identity provider, such as https://login.example.com.',
  issuerTooLong: 'The issuer URL must be at most 2000 characters.',
  clientId: 'Enter the client ID your identity provider gave Portico.',
  clientSecret: 'Enter the client secret your identity provider gave Portico.',
  secretRequired: 'Enter the client secret: none is saved yet.',
  requiredForTeam: 'required_for_team must be true or false.',
  enabled: 'enabled must be true or false.',
  discovery: 'The identity provider could not be reached at this issuer URL.',
  notConfigured: 'This workspace has no single sign-on.',
  tenantId: 'tenant_id must be a workspace id.',
} as const;
const M = WORKSPACE_SSO_MESSAGES;

/** Why a workspace single sign-on came back without a session (`/login?oauth_error=`), beside `SIGN_IN_PROVIDER_ERRORS`. */
export const WORKSPACE_SSO_ERRORS = {
  sso_not_member:
    'This account is not a member of this workspace, so its single sign-on cannot sign it in. Ask an admin for an invitation.',
  sso_unavailable: 'This workspace’s single sign-on is not available right now. Try again later, or ask its admin.',
} as const;
export type WorkspaceSsoError = keyof typeof WORKSPACE_SSO_ERRORS;

/** The 403 a team member gets in a workspace that requires its single sign-on, when their session came another way. */
export function ssoRequiredMessage(workspaceName: string): string {
  return `${workspaceName} requires its team to sign in with ${workspaceName}’s single sign-on.`;
}

export const workspaceSsoBody = z.object({
  issuer: z
    .string({ error: M.issuer })
    .trim()
    .min(1, M.issuer)
    .max(2000, M.issuerTooLong)
    .refine((value) => URL.canParse(value), M.issuer),
  client_id: z.string({ error: M.clientId }).trim().min(1, M.clientId).max(255, M.clientId),
  client_secret: z
    .string({ error: M.clientSecret })
    .min(1, M.clientSecret)
    .max(2000, M.clientSecret)
    .optional()
    .meta({ description: 'Write-only; leave it out to keep the saved one.' }),
  required_for_team: z.boolean({ error: M.requiredForTeam }).default(false),
  enabled: z.boolean({ error: M.enabled }).default(true),
});
export type WorkspaceSsoInput = z.output<typeof workspaceSsoBody>;

export const workspaceSsoConfig = z
  .object({
    issuer: z.string(),
    client_id: z.string(),
    client_secret: z.string().meta({ description: 'Masked: “••••” and its last four characters.' }),
    required_for_team: z.boolean(),
    enabled: z.boolean(),
  })
  .meta({ id: 'WorkspaceSso' });
export type WorkspaceSsoConfig = z.infer<typeof workspaceSsoConfig>;

export const workspaceSsoAnswer = z.object({
  sso: workspaceSsoConfig.nullable().meta({ description: 'Null while the workspace has none.' }),
  callback_url: z.string().meta({ description: 'The redirect URI to register at the identity provider.' }),
});

/** GET /api/auth/sso/{tenant_id}: what a sign-in page needs to offer the workspace's button (never a secret). */
export const workspaceSsoSiteAnswer = z.object({
  sso: z
    .object({
      tenant_id: z.guid(),
      name: z.string().meta({ description: 'The button says “Sign in with {name}”.' }),
      start_url: z.string().meta({
        description: 'Where the button goes, a path on the sign-in page’s own address: the sign-in ends there.',
      }),
    })
    .nullable()
    .meta({ description: 'Null when the workspace has no single sign-on switched on.' }),
});

export const workspaceSsoParams = z.object({ tenant_id: z.guid({ error: M.tenantId }) });

/** GET /api/auth/sso/{tenant_id}/start. */
export const workspaceSsoStartQuery = z.object({ redirect: sameSitePath.optional() });
