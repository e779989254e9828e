/**
 * What the signed-in person may do, as the API's policies decide it and send it on
 * `GET /api/auth/user`: the SPA shows menus, pages and buttons from these and never re-derives a
 * permission from a role.
 */

/** What a person may do in one workspace (each is one action of the API's policies). */
export const WORKSPACE_ABILITIES = [
  'manage_settings',
  'manage_roles',
  'manage_users',
  'manage_files',
  'manage_embeds',
  'build_forms',
  'delete_forms',
  'manage_integrations',
  'manage_billing',
  'manage_domains',
] as const;
export type WorkspaceAbility = (typeof WORKSPACE_ABILITIES)[number];
export type WorkspaceAbilities = Record<WorkspaceAbility, boolean>;

/**
 * The person's abilities outside their memberships: the platform console, and what they may do in a
 * workspace they hold no membership of (everything for a super admin, nothing for anyone else).
 */
export interface AccountAbilities extends WorkspaceAbilities {
  use_console: boolean;
}

/** Abilities in the active workspace: the membership's when there is one, else the account's. */
export function workspaceAbilitiesOf(
  account: AccountAbilities,
  membership: { abilities: WorkspaceAbilities } | null,
): AccountAbilities {
  return membership ? { ...membership.abilities, use_console: account.use_console } : account;
}

/** Without a session, or before the API has answered: nothing. */
export const NO_ABILITIES: AccountAbilities = {
  ...(Object.fromEntries(WORKSPACE_ABILITIES.map((ability) => [ability, false])) as WorkspaceAbilities),
  use_console: false,
};
