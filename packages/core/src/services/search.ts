import type { EmbedHit, FileHit, FormHit, SearchResults, UserHit } from '@portico/common';
import { QueryTypes, type Sequelize } from 'sequelize';

/** Turns what a person types into a prefix full-text query: "ada lov" → "ada:* & lov:*". */
export function prefixTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 8);
  return unique.length > 0 ? unique.map((w) => `${w}:*`).join(' & ') : null;
}

/*
 * Raw SQL, so the tenant is named in every statement by hand: each source filters on
 * tenant_id = :tenantId (tested by the cross-tenant search tests).
 */
const USERS_SQL = `
  SELECT u.id, u.email, p.first_name, p.last_name, m.role
  FROM memberships m
  JOIN users u ON u.id = m.user_id
  LEFT JOIN profiles p ON p.id = u.id
  WHERE m.tenant_id = :tenantId
    AND to_tsvector('simple', u.email || ' ' || coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) @@ to_tsquery('simple', :query)
  ORDER BY u.email
  LIMIT :limit`;

const FILES_SQL = `
  SELECT id, title, original_name, kind, created_at
  FROM files
  WHERE tenant_id = :tenantId AND search @@ to_tsquery('simple', :query)
  ORDER BY created_at DESC
  LIMIT :limit`;

const EMBEDS_SQL = `
  SELECT id, title, provider, is_active
  FROM embeds
  WHERE tenant_id = :tenantId AND search @@ to_tsquery('simple', :query)
  ORDER BY sort_order, title
  LIMIT :limit`;

const FORMS_SQL = `
  SELECT id, title, status
  FROM forms
  WHERE tenant_id = :tenantId AND search @@ to_tsquery('simple', :query)
  ORDER BY created_at DESC
  LIMIT :limit`;

/** The workspace's people, files, forms and embedded tools matching the words typed, grouped by kind. */
export async function searchWorkspace(sequelize: Sequelize, tenantId: string, text: string, limit = 5): Promise<SearchResults> {
  const query = prefixTsQuery(text);
  if (!query) return { users: [], files: [], forms: [], embeds: [] };
  const options = { replacements: { tenantId, query, limit }, type: QueryTypes.SELECT } as const;
  const [users, files, forms, embeds] = await Promise.all([
    sequelize.query<UserHit>(USERS_SQL, options),
    sequelize.query<FileHit>(FILES_SQL, options),
    sequelize.query<FormHit>(FORMS_SQL, options),
    sequelize.query<EmbedHit>(EMBEDS_SQL, options),
  ]);
  return { users, files, forms, embeds };
}
