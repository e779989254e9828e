import { EMBED_AUDIENCE_ALL } from '@portico/common';
import type { Embed, EmbedUser } from './api';

export function personName(user: EmbedUser): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name ? `${name} (${user.email})` : user.email;
}

/** The Target column: the role's label, All members, or the person. */
export function targetLabel(
  embed: Pick<Embed, 'embed_type' | 'role' | 'user'>,
  roleLabels: ReadonlyMap<string, string>,
): string {
  if (embed.embed_type === 'user') return embed.user ? personName(embed.user) : 'A former member';
  if (embed.role === EMBED_AUDIENCE_ALL) return 'All members';
  return roleLabels.get(embed.role ?? '') ?? embed.role ?? '';
}

/** Moves one id up or down, for keyboard reordering; unchanged at the ends. */
export function moveId(ids: readonly string[], id: string, delta: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}
