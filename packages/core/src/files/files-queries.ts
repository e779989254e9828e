import { tenantStatement } from '../db/statements';

/*
 * The files list (tenant-portal §5, §9). One statement serves every filter: a filter left out is
 * bound as NULL and its condition drops (PostgreSQL plans each call with its values, so an absent
 * filter costs nothing).
 *   $1 tenant, $2 the viewer sees every file (admins, API keys), $3 the viewer's user id, $4 their
 *   role key, $5 they build forms (and so see the files answered to forms), $6 one file id, $7 a
 *   list of file ids, $8 the ILIKE pattern of the search text, $9 a recipient's user id, $10 the
 *   kind, $11 the status (`new` or `viewed`).
 * The page adds $12 and $13, the cursor's created_at text and id, and $14 the limit.
 */

/** Someone other than the uploader previewed or downloaded the file. */
const VIEWED = `EXISTS (SELECT 1 FROM file_events e WHERE e.tenant_id = f.tenant_id AND e.file_id = f.id AND e.user_id IS DISTINCT FROM f.uploaded_by)`;

const VISIBLE_AND_FILTERED = `f.tenant_id = $1
  AND ($2::boolean OR f.user_id = $3::uuid OR f.uploaded_by = $3::uuid OR f.assigned_roles @> ARRAY[$4::text]
       OR ($5::boolean AND f.form_id IS NOT NULL))
  AND ($6::uuid IS NULL OR f.id = $6::uuid)
  AND ($7::uuid[] IS NULL OR f.id = ANY($7::uuid[]))
  AND ($8::text IS NULL OR f.title ILIKE $8 OR f.original_name ILIKE $8 OR ru.email ILIKE $8)
  AND ($9::uuid IS NULL OR f.user_id = $9::uuid
       OR f.assigned_roles && ARRAY(SELECT m.role::text FROM memberships m WHERE m.tenant_id = $1 AND m.user_id = $9::uuid))
  AND ($10::text IS NULL OR f.kind = $10::text)
  AND ($11::text IS NULL OR ${VIEWED} = ($11::text = 'viewed'))`;

export const COUNT_FILES = tenantStatement(
  'files.count',
  `SELECT count(*)::int AS total
   FROM files f
   LEFT JOIN users ru ON ru.id = f.user_id
   WHERE ${VISIBLE_AND_FILTERED}`,
);

const listFiles = (name: string, direction: 'DESC' | 'ASC') =>
  tenantStatement(
    name,
    `SELECT f.id, f.tenant_id, f.title, f.original_name, f.content_type, f.kind, f.size_bytes::float8 AS size_bytes,
            f.storage_key, f.user_id, ru.email AS user_email, f.assigned_roles, f.uploaded_by,
            up.email AS uploaded_by_email, f.created_at, f.created_at::text AS cursor_at,
            (CASE WHEN f.user_id IS NULL THEN 0 ELSE 1 END + (
              SELECT count(*) FROM memberships m
              WHERE m.tenant_id = f.tenant_id AND m.status = 'active' AND m.role = ANY(f.assigned_roles)
                AND m.user_id IS DISTINCT FROM f.user_id
            ))::int AS recipients_count,
            CASE WHEN ${VIEWED} THEN 'viewed' ELSE 'new' END AS status
     FROM files f
     LEFT JOIN users ru ON ru.id = f.user_id
     LEFT JOIN users up ON up.id = f.uploaded_by
     WHERE ${VISIBLE_AND_FILTERED}
       AND ($12::timestamptz IS NULL OR (f.created_at, f.id) ${direction === 'DESC' ? '<' : '>'} ($12::timestamptz, $13::uuid))
     ORDER BY f.created_at ${direction}, f.id ${direction}
     LIMIT $14`,
  );

export const LIST_FILES_NEWEST = listFiles('files.list.newest', 'DESC');
export const LIST_FILES_OLDEST = listFiles('files.list.oldest', 'ASC');

/** Views and downloads of a file, newest first: $1 tenant, $2 the file. */
export const FILE_ACTIVITY = tenantStatement(
  'files.activity',
  `SELECT e.id, e.kind, e.user_id, u.email AS user_email, e.created_at
   FROM file_events e LEFT JOIN users u ON u.id = e.user_id
   WHERE e.tenant_id = $1 AND e.file_id = $2
   ORDER BY e.created_at DESC LIMIT 200`,
);
