import { providerLabel } from '@portico/common';
import { Profile, User, type Embed } from '@portico/core';
import { Op } from 'sequelize';

export interface EmbedTargetUser {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

export function presentEmbed(embed: Embed, users: ReadonlyMap<string, EmbedTargetUser> = new Map()) {
  return {
    id: embed.id,
    title: embed.title,
    provider: embed.provider,
    provider_label: providerLabel(embed.provider),
    url: embed.url,
    embed_type: embed.embed_type,
    role: embed.role,
    user_id: embed.user_id,
    user: embed.user_id ? (users.get(embed.user_id) ?? null) : null,
    is_active: embed.is_active,
    sort_order: embed.sort_order,
    description: embed.description ?? null,
    frame_blocked: embed.frame_blocked ?? null,
    frame_checked_at: embed.frame_checked_at ?? null,
    created_at: embed.created_at,
    updated_at: embed.updated_at,
  };
}

/** The people personal embeds are aimed at, for the manager's Target column. */
export async function targetUsersOf(embeds: readonly Embed[]): Promise<Map<string, EmbedTargetUser>> {
  const ids = [...new Set(embeds.map((e) => e.user_id).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const users = await User.findAll({
    where: { id: { [Op.in]: ids } },
    attributes: ['id', 'email'],
    include: [{ model: Profile, as: 'profile', attributes: ['first_name', 'last_name'] }],
  });
  return new Map(
    users.map((u) => {
      const profile = (u as User & { profile?: Profile | null }).profile;
      return [u.id, { id: u.id, email: u.email, first_name: profile?.first_name ?? null, last_name: profile?.last_name ?? null }];
    }),
  );
}

export async function presentEmbeds(embeds: readonly Embed[]) {
  const users = await targetUsersOf(embeds);
  return embeds.map((e) => presentEmbed(e, users));
}
