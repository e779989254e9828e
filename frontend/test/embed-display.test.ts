import { describe, expect, it } from 'vitest';
import { moveId, personName, targetLabel } from '../src/features/embeds/embed-display';

const labels = new Map([
  ['role2', 'Client'],
  ['role1', 'Team Member'],
]);

describe('embed manager display rules', () => {
  it('names the target: role label, All members, or the person', () => {
    expect(targetLabel({ embed_type: 'role', role: 'role2', user: null }, labels)).toBe('Client');
    expect(targetLabel({ embed_type: 'role', role: 'all', user: null }, labels)).toBe('All members');
    expect(targetLabel({ embed_type: 'role', role: 'custom_key', user: null }, labels)).toBe('custom_key');
    const user = { id: 'u', email: 'cleo@example.test', first_name: 'Cleo', last_name: 'Client' };
    expect(targetLabel({ embed_type: 'user', role: null, user }, labels)).toBe('Cleo Client (cleo@example.test)');
    expect(targetLabel({ embed_type: 'user', role: null, user: null }, labels)).toBe('A former member');
    expect(personName({ ...user, first_name: null, last_name: null })).toBe('cleo@example.test');
  });

  it('moves one id up or down and stays put at the ends', () => {
    expect(moveId(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b'], 'z', 1)).toEqual(['a', 'b']);
  });
});
