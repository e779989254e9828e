import { providerLabel, type Embed as EmbedAnswer } from '@portico/common';
import {
  embedTargetUsers,
  type Embed,
  type EmbedTargetUser,
  type ServiceContext,
  type TenantScope,
} from '@portico/core';

export function presentEmbed(embed: Embed, users: ReadonlyMap<string, EmbedTargetUser> = new Map()): EmbedAnswer {
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
    frame_checked_at: embed.frame_checked_at?.toISOString() ?? null,
    created_at: embed.created_at.toISOString(),
    updated_at: embed.updated_at.toISOString(),
  };
}

/** Embeds with the people their personal ones are for (the manager's Target column). */
export async function presentEmbeds(
  ctx: ServiceContext,
  scope: TenantScope,
  embeds: readonly Embed[],
): Promise<EmbedAnswer[]> {
  const users = await embedTargetUsers(ctx, scope, embeds);
  return embeds.map((e) => presentEmbed(e, users));
}
