import { describe, expect, it } from 'vitest';
import { NO_ABILITIES, WORKSPACE_ABILITIES, workspaceAbilitiesOf, type WorkspaceAbilities } from '../src';

const ALL = Object.fromEntries(WORKSPACE_ABILITIES.map((a) => [a, true])) as WorkspaceAbilities;
const BUILDER: WorkspaceAbilities = { ...NO_ABILITIES, build_forms: true };

describe('the abilities the SPA reads in the active workspace', () => {
  it('are the membership’s there, with the account’s console', () => {
    expect(workspaceAbilitiesOf({ ...ALL, use_console: true }, { abilities: BUILDER })).toEqual({
      ...BUILDER,
      use_console: true,
    });
    expect(workspaceAbilitiesOf(NO_ABILITIES, { abilities: BUILDER })).toEqual({ ...BUILDER, use_console: false });
  });

  it('are the account’s in a workspace the person is not a member of', () => {
    expect(workspaceAbilitiesOf({ ...ALL, use_console: true }, null)).toEqual({ ...ALL, use_console: true });
    expect(workspaceAbilitiesOf(NO_ABILITIES, null)).toEqual(NO_ABILITIES);
  });

  it('are nothing before the API has answered', () => {
    expect(Object.values(NO_ABILITIES).every((can) => can === false)).toBe(true);
  });
});
