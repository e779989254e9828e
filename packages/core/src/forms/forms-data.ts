import type { FormStatus } from '@portico/common';
import { Op, type CreationAttributes, type Transaction } from 'sequelize';
import type { FileRecord, Form, FormResponse, FormVersion } from '../db/models';
import { select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/* Every read and write of the forms domain: the forms list's statements and the model calls of `forms.ts`. */

export interface FormStats {
  responses_count: number;
  /** Active members holding an assigned role. */
  assigned_members: number;
  /** Of those, how many have responded. */
  responded_members: number;
  /** Whether the viewer has responded. */
  submitted: boolean;
}

export interface FormListRow extends FormStats {
  id: string;
  title: string;
  description: string;
  status: FormStatus;
  assigned_roles: string[];
  version: number;
  questions_count: number;
  created_at: Date;
  updated_at: Date;
}

/** A listed form with its `created_at` as PostgreSQL's text, for cursors. */
export interface FormListRowWithCursor extends FormListRow {
  cursor_at: string;
}

/** A form's counts: $1 the tenant, named in every subquery; $2 the viewer (null: nobody), for `submitted`. Owners answer to admin too. */
const STATS_COLUMNS = `
  (SELECT count(*) FROM form_responses r WHERE r.tenant_id = $1 AND r.form_id = f.id)::int AS responses_count,
  (SELECT count(*) FROM memberships m
     WHERE m.tenant_id = $1 AND m.status = 'active'
       AND (m.role = ANY(f.assigned_roles) OR (m.role = 'owner' AND 'admin' = ANY(f.assigned_roles))))::int AS assigned_members,
  (SELECT count(*) FROM memberships m
     WHERE m.tenant_id = $1 AND m.status = 'active'
       AND (m.role = ANY(f.assigned_roles) OR (m.role = 'owner' AND 'admin' = ANY(f.assigned_roles)))
       AND EXISTS (SELECT 1 FROM form_responses r WHERE r.tenant_id = $1 AND r.form_id = f.id AND r.user_id = m.user_id))::int AS responded_members,
  EXISTS (SELECT 1 FROM form_responses r WHERE r.tenant_id = $1 AND r.form_id = f.id AND r.user_id = $2::uuid) AS submitted`;

/*
 * The forms list, newest first. A filter left out is bound as NULL and its condition drops.
 * $1 tenant, $2 the viewer, $3 the roles whose published forms they see (NULL: every form),
 * $4 the status, $5 the tsquery of the search text, $6 and $7 the cursor's created_at text and id,
 * $8 the limit.
 */
const LIST_FORMS = tenantStatement(
  'forms.list',
  `SELECT f.id, f.title, f.description, f.status, f.assigned_roles, f.version, jsonb_array_length(f.fields)::int AS questions_count,
          f.created_at, f.updated_at, f.created_at::text AS cursor_at, ${STATS_COLUMNS}
   FROM forms f
   WHERE f.tenant_id = $1
     AND ($3::text[] IS NULL OR (f.status = 'published' AND f.assigned_roles && $3::text[]))
     AND ($4::text IS NULL OR f.status = $4::text)
     AND ($5::text IS NULL OR f.search @@ to_tsquery('simple', $5::text))
     AND ($6::timestamptz IS NULL OR (f.created_at, f.id) < ($6::timestamptz, $7::uuid))
   ORDER BY f.created_at DESC, f.id DESC
   LIMIT $8`,
);

/** One form's counts: $1 tenant, $2 the viewer, $3 the form. */
const FORM_STATS = tenantStatement(
  'forms.stats',
  `SELECT ${STATS_COLUMNS} FROM forms f WHERE f.tenant_id = $1 AND f.id = $3`,
);

/**
 * A page of a form's responses, newest first, chosen on the exact timestamps: $1 tenant, $2 the
 * form, $3 and $4 the cursor's created_at text and id (NULL: from the newest), $5 the limit.
 */
const RESPONSE_PAGE = tenantStatement(
  'forms.response-page',
  `SELECT id, created_at::text AS cursor_at FROM form_responses
   WHERE tenant_id = $1 AND form_id = $2
     AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::uuid))
   ORDER BY created_at DESC, id DESC LIMIT $5`,
);

/** Which forms the list reads: null leaves a filter out. */
export interface FormRowsWhere {
  /** Whose `submitted` each row answers; null for nobody (an API key). */
  viewerId: string | null;
  /** Only published forms assigned to one of these roles; null for every form. */
  roles: string[] | null;
  status: FormStatus | null;
  tsQuery: string | null;
  after: { at: string; id: string } | null;
}

/** Up to `limit` of the tenant's forms, newest first, with their counts. */
export function selectForms(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  where: FormRowsWhere,
  limit: number,
): Promise<FormListRowWithCursor[]> {
  return select<FormListRowWithCursor>(ctx, LIST_FORMS, [
    tenantId,
    where.viewerId,
    where.roles,
    where.status,
    where.tsQuery,
    where.after?.at ?? null,
    where.after?.id ?? null,
    limit,
  ]);
}

/** A form's counts and whether `userId` has responded; null when the tenant has no such form. */
export async function selectFormStats(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  formId: string,
  userId: string | null,
): Promise<FormStats | null> {
  const [row] = await select<FormStats>(ctx, FORM_STATS, [tenantId, userId, formId]);
  return row ?? null;
}

/** The ids (and created_at text) of up to `limit` responses to a form, newest first, after the cursor's when given. */
export function selectResponsePositions(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  formId: string,
  page: { after: { at: string; id: string } | null; limit: number },
): Promise<{ id: string; cursor_at: string }[]> {
  return select<{ id: string; cursor_at: string }>(ctx, RESPONSE_PAGE, [
    tenantId,
    formId,
    page.after?.at ?? null,
    page.after?.id ?? null,
    page.limit,
  ]);
}

/** One form of the tenant, or null. */
export function formById(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  transaction?: Transaction,
): Promise<Form | null> {
  return ctx.db.Form.findOne({ where: { tenant_id: tenantId, id }, transaction });
}

/** One form of the tenant locked for the transaction, or null. */
export function lockForm(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  transaction: Transaction,
): Promise<Form | null> {
  return ctx.db.Form.findOne({ where: { tenant_id: tenantId, id }, transaction, lock: transaction.LOCK.UPDATE });
}

export function insertForm(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  values: Omit<CreationAttributes<Form>, 'tenant_id'>,
  transaction: Transaction,
): Promise<Form> {
  return ctx.db.Form.create({ tenant_id: tenantId, ...values }, { transaction });
}

export function insertFormVersion(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  values: Omit<CreationAttributes<FormVersion>, 'tenant_id'>,
  transaction: Transaction,
): Promise<FormVersion> {
  return ctx.db.FormVersion.create({ tenant_id: tenantId, ...values }, { transaction });
}

/** One version of a form, or null. */
export function findFormVersion(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  formId: string,
  version: number,
  transaction: Transaction,
): Promise<FormVersion | null> {
  return ctx.db.FormVersion.findOne({ where: { tenant_id: tenantId, form_id: formId, version }, transaction });
}

/** Every version of a form: its id, number and questions. */
export function findFormVersions(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  formId: string,
): Promise<FormVersion[]> {
  return ctx.db.FormVersion.findAll({
    where: { tenant_id: tenantId, form_id: formId },
    attributes: ['id', 'version', 'fields'],
  });
}

export function countFormResponses(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  formId: string,
  transaction?: Transaction,
): Promise<number> {
  return ctx.db.FormResponse.count({ where: { tenant_id: tenantId, form_id: formId }, transaction });
}

/** How many responses answered this version of a form. */
export function countVersionResponses(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  versionId: string,
  transaction: Transaction,
): Promise<number> {
  return ctx.db.FormResponse.count({ where: { tenant_id: tenantId, form_version_id: versionId }, transaction });
}

/** A form's responses, newest first. */
export function findFormResponses(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  formId: string,
): Promise<FormResponse[]> {
  return ctx.db.FormResponse.findAll({
    where: { tenant_id: tenantId, form_id: formId },
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
  });
}

/** These responses of the tenant, in no particular order. */
export function findResponsesByIds(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  ids: string[],
): Promise<FormResponse[]> {
  return ctx.db.FormResponse.findAll({ where: { tenant_id: tenantId, id: { [Op.in]: ids } } });
}

export function insertFormResponse(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  values: Omit<CreationAttributes<FormResponse>, 'tenant_id'>,
  transaction: Transaction,
): Promise<FormResponse> {
  return ctx.db.FormResponse.create({ tenant_id: tenantId, ...values }, { transaction });
}

/** Of these files, the ones this person uploaded as answers to this form and did not delete. */
export function findAnswerFiles(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  input: { formId: string; uploaderId: string; ids: string[] },
  transaction: Transaction,
): Promise<FileRecord[]> {
  return ctx.db.FileRecord.findAll({
    where: {
      tenant_id: tenantId,
      id: { [Op.in]: input.ids },
      form_id: input.formId,
      uploaded_by: input.uploaderId,
      deleted_at: null,
    },
    transaction,
  });
}

/** These files of the tenant that are not deleted, in no particular order. */
export function findFilesByIds(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  ids: string[],
): Promise<FileRecord[]> {
  return ctx.db.FileRecord.findAll({ where: { tenant_id: tenantId, id: { [Op.in]: ids }, deleted_at: null } });
}
