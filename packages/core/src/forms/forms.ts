import { isDeepStrictEqual } from 'node:util';
import {
  answerText,
  checkAnswers,
  ownValue,
  recordWithoutPrototype,
  DEFAULT_FORM_TITLE,
  FORM_MESSAGES,
  TENANT_ADMIN_ROLES,
  type Answers,
  type FormQuestion,
  type FormStatus,
  type FormTheme,
} from '@portico/common';
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import type { FileRecord, Form, FormResponse, FormVersion, StoredAnswer } from '../db/models';
import { formSubmittedEmail } from '../mail/templates';
import { audit } from '../kernel/audit';
import { decodeCursor, pageOf } from '../kernel/cursor';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../kernel/errors';
import { recordEvent } from '../kernel/events';
import { notify } from '../inbox';
import { emailTenantAdmins, queueTenantSlack } from '../integrations';
import { recordUpload, type StoredObject } from '../files';
import { prefixTsQuery } from '../search';
import { cachedWorkspaceRead, findTenant, tenantOrigin } from '../tenancy';
import {
  countFormResponses,
  countVersionResponses,
  findAnswerFiles,
  findFilesByIds,
  findFormResponses,
  findFormVersion,
  findFormVersions,
  findResponsesByIds,
  formById,
  insertForm,
  insertFormResponse,
  insertFormVersion,
  lockForm,
  selectFormStats,
  selectForms,
  selectResponsePositions,
  type FormListRow,
  type FormListRowWithCursor,
  type FormStats,
} from './forms-data';

export type { FormListRow, FormListRowWithCursor, FormStats } from './forms-data';

/** Who is looking: builders see every form; other members the published ones assigned to their role. */
export interface FormViewer {
  /** Null for an API key, which reads forms as a builder does and has never responded. */
  userId: string | null;
  /** The viewer's membership role here; null for a super admin who is not a member. */
  role: string | null;
  builder: boolean;
}

/** The roles a membership role answers to in assigned_roles: owners count as admins. */
function rolesOf(role: string | null): string[] {
  if (!role) return [];
  return role === 'owner' ? ['owner', 'admin'] : [role];
}

/** Whether the form is assigned to the viewer's role. */
function assignedTo(viewer: FormViewer, form: Pick<Form, 'assigned_roles'>): boolean {
  return rolesOf(viewer.role).some((r) => form.assigned_roles.includes(r));
}

/** Whether the viewer may open and fill this form (tenant-portal §6: admin, or a role in assigned_roles). */
export function mayFill(viewer: FormViewer, form: Pick<Form, 'status' | 'assigned_roles'>): boolean {
  if (viewer.builder) return true;
  return form.status === 'published' && assignedTo(viewer, form);
}

/* ---------- reading ---------- */

export interface FormFilters {
  limit: number;
  q?: string;
  status?: FormStatus;
  /** A cursor from `listFormsPage`. */
  cursor?: string;
}

/** The forms a viewer may see, newest first, with their counts. */
export function listForms(
  ctx: ServiceContext,
  scope: TenantScope,
  input: FormFilters & { viewer: FormViewer },
): Promise<FormListRowWithCursor[]> {
  return cachedWorkspaceRead(ctx, scope, 'forms.list', input, () => readForms(ctx, scope, input));
}

async function readForms(
  ctx: ServiceContext,
  scope: TenantScope,
  input: FormFilters & { viewer: FormViewer },
): Promise<FormListRowWithCursor[]> {
  const { viewer, ...filters } = input;
  const query = filters.q ? prefixTsQuery(filters.q) : null;
  if (filters.q && !query) return [];
  return selectForms(
    ctx,
    scope.tenantId,
    {
      viewerId: viewer.userId,
      roles: viewer.builder ? null : rolesOf(viewer.role),
      status: filters.status ?? null,
      tsQuery: query,
      after: filters.cursor ? decodeCursor(filters.cursor) : null,
    },
    filters.limit,
  );
}

/** One page of `listForms` and the cursor of the next (the public API). */
export async function listFormsPage(
  ctx: ServiceContext,
  scope: TenantScope,
  input: FormFilters & { viewer: FormViewer },
): Promise<{ rows: FormListRow[]; nextCursor: string | null }> {
  const rows = await listForms(ctx, scope, { ...input, limit: input.limit + 1 });
  return pageOf(rows, input.limit, (row) => ({ at: row.cursor_at, id: row.id }));
}

/** A form's counts, and whether `userId` has responded. */
export async function formStats(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { formId: string; userId: string | null },
): Promise<FormStats> {
  const stats = await selectFormStats(ctx, scope.tenantId, input.formId, input.userId);
  return stats ?? { responses_count: 0, assigned_members: 0, responded_members: 0, submitted: false };
}

/** Whole percent of members of the assigned roles who responded; null when no member holds them. */
export function completionRate(stats: Pick<FormStats, 'assigned_members' | 'responded_members'>): number | null {
  return stats.assigned_members === 0 ? null : Math.round((stats.responded_members / stats.assigned_members) * 100);
}

/** A form of the tenant, or 404 with the form's sentence; locked for `transaction` when `lock`. */
async function formOf(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  transaction?: Transaction,
  lock = false,
): Promise<Form> {
  const form =
    lock && transaction
      ? await lockForm(ctx, tenantId, id, transaction)
      : await formById(ctx, tenantId, id, transaction);
  if (!form) throw notFound(FORM_MESSAGES.notFound);
  return form;
}

/** A form of the workspace, or 404 with the form's sentence. */
export function findForm(ctx: ServiceContext, scope: TenantScope, input: { id: string }): Promise<Form> {
  return formOf(ctx, scope.tenantId, input.id, ctx.transaction);
}

/** A form the viewer may open: 404 when it is not this tenant's, 403 when they may not fill it. */
export async function findFillableForm(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { viewer: FormViewer; id: string },
): Promise<Form> {
  const form = await formOf(ctx, scope.tenantId, input.id, ctx.transaction);
  if (!mayFill(input.viewer, form)) throw forbidden(FORM_MESSAGES.noAccess, 'form_not_assigned');
  return form;
}

/**
 * A form the viewer may send answers or answer files to: 404 when it is not this tenant's, 403 when
 * it is neither theirs to build nor assigned to their role, 409 while it is not published (so a
 * member holding a link to a form that was archived is told it closed, not that it is not theirs).
 */
export async function findAnswerableForm(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { viewer: FormViewer; id: string },
): Promise<Form> {
  const { viewer } = input;
  const form = await formOf(ctx, scope.tenantId, input.id, ctx.transaction);
  if (!viewer.builder && !assignedTo(viewer, form)) throw forbidden(FORM_MESSAGES.noAccess, 'form_not_assigned');
  if (form.status !== 'published') throw conflict(FORM_MESSAGES.notPublished, 'form_not_published');
  return form;
}

/* ---------- writing ---------- */

export interface FormInput {
  title?: string;
  description?: string;
  fields?: FormQuestion[];
  theme?: FormTheme;
  assigned_roles?: string[];
  status?: FormStatus;
}

function checkRoles(scope: TenantScope, roles: readonly string[] | undefined): string[] | undefined {
  if (roles === undefined) return undefined;
  const roleKeys = scope.roleTypes.map((r) => r.role_key);
  const unique = [...new Set(roles)];
  if (unique.some((r) => !roleKeys.includes(r)))
    throw badRequest(`${FORM_MESSAGES.invalidRole} Valid keys: ${roleKeys.join(', ')}.`);
  return unique;
}

function snapshotOf(form: Form) {
  const { title, status, assigned_roles, version } = form;
  return { title, status, assigned_roles, version, questions: form.fields.length };
}

async function publishedEvent(ctx: ServiceContext, form: Form, transaction: Transaction): Promise<void> {
  await recordEvent(
    ctx,
    form.tenant_id,
    'form.published',
    { form: { id: form.id, title: form.title, version: form.version, assigned_roles: form.assigned_roles } },
    transaction,
  );
}

/** Tells everyone holding these roles that a published form waits for them to fill it. */
function announceFormAssigned(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { form: Form; roles: readonly string[] },
  transaction: Transaction,
): Promise<void> {
  const { form, roles } = input;
  return notify(
    ctx,
    scope.tenantId,
    {
      kind: 'form.assigned',
      userIds: [],
      roles,
      actorId: scope.actor.userId,
      title: `A form waits for you: “${form.title}”`,
      body: null,
      path: `/forms/${form.id}`,
      entity: { type: 'form', id: form.id },
    },
    transaction,
  );
}

export async function createForm(
  ctx: ServiceContext,
  scope: TenantScope,
  input: FormInput & { theme: FormTheme },
): Promise<Form> {
  const roles = checkRoles(scope, input.assigned_roles) ?? [];
  return inTransaction(ctx, async (transaction) => {
    const form = await insertForm(
      ctx,
      scope.tenantId,
      {
        title: input.title || DEFAULT_FORM_TITLE,
        description: input.description ?? '',
        status: input.status ?? 'draft',
        assigned_roles: roles,
        fields: input.fields ?? [],
        theme: input.theme,
        version: 1,
        created_by: scope.actor.userId,
        updated_by: scope.actor.userId,
      },
      transaction,
    );
    await insertFormVersion(
      ctx,
      scope.tenantId,
      { form_id: form.id, version: 1, fields: form.fields, theme: form.theme },
      transaction,
    );
    await audit(
      ctx,
      scope,
      { action: 'form.created', entity: { type: 'form', id: form.id }, details: snapshotOf(form) },
      transaction,
    );
    if (form.status === 'published') {
      await publishedEvent(ctx, form, transaction);
      await announceFormAssigned(ctx, scope, { form, roles: form.assigned_roles }, transaction);
    }
    return form;
  });
}

/* PostgreSQL returns jsonb objects with their keys reordered, so compare by value, not by text. */
const sameDefinition = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

/**
 * Saves a form. Questions and theme live in immutable snapshots once anyone may be answering
 * them: a change while the form is published, or once its version has responses, starts a new
 * version; a draft nobody answered is edited in place.
 */
export async function updateForm(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { id: string; changes: FormInput },
): Promise<Form> {
  const { changes: changed } = input;
  const roles = checkRoles(scope, changed.assigned_roles);
  return inTransaction(ctx, async (transaction) => {
    const form = await formOf(ctx, scope.tenantId, input.id, transaction, true);
    const before = snapshotOf(form);
    const fields = changed.fields ?? form.fields;
    const theme = changed.theme ?? form.theme;
    const definitionChanged = !sameDefinition(fields, form.fields) || !sameDefinition(theme, form.theme);
    if (definitionChanged) {
      const current = await findFormVersion(ctx, scope.tenantId, form.id, form.version, transaction);
      const answered = current ? (await countVersionResponses(ctx, scope.tenantId, current.id, transaction)) > 0 : true;
      if (current && !answered && form.status !== 'published') {
        await current.update({ fields, theme }, { transaction });
      } else {
        await insertFormVersion(
          ctx,
          scope.tenantId,
          { form_id: form.id, version: form.version + 1, fields, theme },
          transaction,
        );
        form.version += 1;
      }
    }
    const wasPublished = form.status === 'published';
    form.set({
      title: changed.title ?? form.title,
      description: changed.description ?? form.description,
      status: changed.status ?? form.status,
      assigned_roles: roles ?? form.assigned_roles,
      fields,
      theme,
      updated_by: scope.actor.userId,
    });
    form.changed('updated_at', true);
    await form.save({ transaction });
    await audit(
      ctx,
      scope,
      { action: 'form.updated', entity: { type: 'form', id: form.id }, details: { before, after: snapshotOf(form) } },
      transaction,
    );
    if (!wasPublished && form.status === 'published') await publishedEvent(ctx, form, transaction);
    // Those who can now fill it, and could not before, are told.
    if (form.status === 'published') {
      const newly = form.assigned_roles.filter((r) => !wasPublished || !before.assigned_roles.includes(r));
      await announceFormAssigned(ctx, scope, { form, roles: newly }, transaction);
    }
    return form;
  });
}

/** A draft copy with the same questions, theme and roles and no responses. */
export async function copyForm(ctx: ServiceContext, scope: TenantScope, input: { id: string }): Promise<Form> {
  const source = await formOf(ctx, scope.tenantId, input.id, ctx.transaction);
  const roleKeys = scope.roleTypes.map((r) => r.role_key);
  return createForm(ctx, scope, {
    title: `Copy of ${source.title}`.slice(0, 200),
    description: source.description,
    fields: source.fields,
    theme: source.theme,
    assigned_roles: source.assigned_roles.filter((r) => roleKeys.includes(r)),
    status: 'draft',
  });
}

/** Deletes a form with its versions and responses; files uploaded as answers stay in Files. */
export async function deleteForm(ctx: ServiceContext, scope: TenantScope, input: { id: string }): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const form = await formOf(ctx, scope.tenantId, input.id, transaction, true);
    const responses = await countFormResponses(ctx, scope.tenantId, form.id, transaction);
    const before = { ...snapshotOf(form), responses };
    await form.destroy({ transaction });
    await audit(
      ctx,
      scope,
      { action: 'form.deleted', entity: { type: 'form', id: form.id }, details: before },
      transaction,
    );
  });
}

/* ---------- responses ---------- */

export interface Submitter {
  userId: string;
  email: string;
  name: string | null;
}

/** Answers that do not fit the questions: the first problem in question order as the sentence, all of them as details. */
export class AnswerProblems extends DomainError {
  constructor(fields: readonly FormQuestion[], problems: Record<string, string>) {
    // Not Object.keys order: that puts ids such as "2" before every other id.
    const first = fields.find((q) => Object.hasOwn(problems, q.id));
    const sentence = first ? `${first.label}: ${problems[first.id]}` : Object.values(problems)[0]!;
    super(400, sentence, 'invalid_answers', { fields: problems });
  }
}

async function notifyAdmins(
  ctx: Pick<AppContext, 'db' | 'config' | 'queues' | 'logger'>,
  form: Form,
  response: FormResponse,
  submitter: Submitter,
  fields: readonly FormQuestion[],
  files: ReadonlyMap<string, FileRecord>,
  transaction: Transaction,
): Promise<void> {
  const tenant = await findTenant(ctx, form.tenant_id, transaction);
  if (!tenant) return;
  const answers = fields
    .filter((q) => ownValue(response.answers, q.id) !== undefined)
    .map((q) => {
      const value = ownValue(response.answers, q.id)!.value;
      const file = q.type === 'file' && typeof value === 'string' ? files.get(value) : undefined;
      return {
        label: q.label,
        text: answerText(
          value,
          file
            ? { id: file.id, title: file.title, original_name: file.original_name, size_bytes: file.size_bytes }
            : null,
        ),
      };
    });
  const rendered = await formSubmittedEmail(
    { name: tenant.name, primaryColor: tenant.primary_color },
    {
      formTitle: form.title,
      submitter: submitter.name ? `${submitter.name} (${submitter.email})` : submitter.email,
      answers,
      responsesUrl: `${tenantOrigin(ctx.config, tenant)}/forms/${form.id}/responses?tenant_id=${form.tenant_id}`,
    },
  );
  await emailTenantAdmins(ctx, form.tenant_id, rendered, transaction);
}

/**
 * Records a submission against the version that was filled: answers are checked with the shared
 * schema's rules (answers to hidden questions dropped), each stored with its question's label and
 * type at that moment. The admins' email and the `form.submitted` event commit with it.
 */
export async function submitResponse(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { form: Form; submitter: Submitter; answers: Answers; version?: number },
): Promise<ResponseWithVersion> {
  const { tenantId } = scope;
  const { form, submitter } = input;
  if (form.status !== 'published') throw conflict(FORM_MESSAGES.notPublished, 'form_not_published');
  return inTransaction(ctx, async (transaction) => {
    const version = await findFormVersion(ctx, tenantId, form.id, input.version ?? form.version, transaction);
    if (!version)
      throw badRequest(
        'This version of the form no longer exists. Reload the form and try again.',
        'form_version_unknown',
      );
    const { answers, problems } = checkAnswers(version.fields, input.answers);
    const fileIds = version.fields
      .filter((q) => q.type === 'file' && typeof ownValue(answers, q.id) === 'string')
      .map((q) => ownValue(answers, q.id) as string);
    const files = fileIds.length
      ? await findAnswerFiles(
          ctx,
          tenantId,
          { formId: form.id, uploaderId: submitter.userId, ids: fileIds },
          transaction,
        )
      : [];
    const byId = new Map(files.map((f) => [f.id, f]));
    for (const q of version.fields) {
      const value = ownValue(answers, q.id);
      if (q.type === 'file' && typeof value === 'string' && !byId.has(value.toLowerCase()) && !problems[q.id])
        problems[q.id] = 'Upload the file again: this one was not uploaded to this form by you.';
    }
    if (Object.keys(problems).length > 0) throw new AnswerProblems(version.fields, problems);
    const stored = recordWithoutPrototype<StoredAnswer>();
    for (const q of version.fields) {
      const value = ownValue(answers, q.id);
      if (value !== undefined)
        stored[q.id] = { label: q.label, type: q.type, value: q.type === 'file' ? String(value).toLowerCase() : value };
    }
    const response = await insertFormResponse(
      ctx,
      tenantId,
      {
        form_id: form.id,
        form_version_id: version.id,
        user_id: submitter.userId,
        user_email: submitter.email,
        user_name: submitter.name,
        answers: stored,
      },
      transaction,
    );
    await recordEvent(
      ctx,
      tenantId,
      'form.submitted',
      {
        form: { id: form.id, title: form.title, version: version.version },
        response: { id: response.id, submitted_at: response.created_at.toISOString() },
        user: { id: submitter.userId, email: submitter.email, name: submitter.name },
        answers: version.fields
          .filter((q) => stored[q.id])
          .map((q) => ({ question_id: q.id, label: q.label, type: q.type, value: stored[q.id]!.value })),
      },
      transaction,
    );
    await notifyAdmins(ctx, form, response, submitter, version.fields, byId, transaction);
    await notify(
      ctx,
      tenantId,
      {
        kind: 'form.submitted',
        userIds: form.created_by ? [form.created_by] : [],
        roles: TENANT_ADMIN_ROLES,
        actorId: submitter.userId,
        title: `${submitter.name ?? submitter.email} answered “${form.title}”`,
        body: null,
        path: `/forms/${form.id}/responses`,
        entity: { type: 'form_response', id: response.id },
      },
      transaction,
    );
    await queueTenantSlack(
      ctx,
      tenantId,
      `New response to “${form.title}” from ${submitter.name ?? submitter.email}.`,
      transaction,
    );
    return { response, version: version.version, questionIds: Object.keys(stored) };
  });
}

const NAME_THE_QUESTION = 'Name the file question this upload answers with question_id.';

/**
 * A file answering one of a form's file questions: the uploader's own (shared with nobody else),
 * titled after the form and the question, audited with both. Its event is the submission's.
 */
export async function recordAnswerFile(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { form: Form; questionId: string | undefined; fileId: string; file: StoredObject },
): Promise<FileRecord> {
  const { form } = input;
  const question = form.fields.find((q) => q.id === input.questionId);
  if (!question || question.type !== 'file') throw badRequest(NAME_THE_QUESTION);
  return inTransaction(ctx, (transaction) =>
    recordUpload(
      ctx,
      {
        scope,
        fileId: input.fileId,
        file: input.file,
        title: `${form.title} — ${question.label}`.slice(0, 255),
        userId: scope.actor.userId,
        roles: [],
        formId: form.id,
        auditDetails: { form_id: form.id, question_id: question.id },
      },
      transaction,
    ),
  );
}

export interface ResponseWithVersion {
  response: FormResponse;
  version: number;
  /** The question order of the version answered. */
  questionIds: string[];
}

/** A form's responses, newest first, with the version each answered. */
export async function listResponses(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { formId: string },
): Promise<ResponseWithVersion[]> {
  const { tenantId } = scope;
  const { formId } = input;
  const [responses, versions] = await Promise.all([
    findFormResponses(ctx, tenantId, formId),
    findFormVersions(ctx, tenantId, formId),
  ]);
  return withVersions(responses, versions);
}

export function countResponses(ctx: ServiceContext, scope: TenantScope, input: { formId: string }): Promise<number> {
  return countFormResponses(ctx, scope.tenantId, input.formId);
}

/** One page of a form's responses, newest first, and the cursor of the next. */
export async function listResponsesPage(
  ctx: ServiceContext,
  scope: TenantScope,
  options: { formId: string; limit: number; cursor?: string },
): Promise<{ responses: ResponseWithVersion[]; nextCursor: string | null }> {
  const { tenantId } = scope;
  const { formId } = options;
  // The page is chosen in SQL on the exact timestamps; the rows are then loaded as models.
  const positions = await selectResponsePositions(ctx, tenantId, formId, {
    after: options.cursor ? decodeCursor(options.cursor) : null,
    limit: options.limit + 1,
  });
  const page = pageOf(positions, options.limit, (row) => ({ at: row.cursor_at, id: row.id }));
  const ids = page.rows.map((row) => row.id);
  const [loaded, versions] = await Promise.all([
    ids.length === 0 ? [] : findResponsesByIds(ctx, tenantId, ids),
    findFormVersions(ctx, tenantId, formId),
  ]);
  const byId = new Map(loaded.map((r) => [r.id, r]));
  return {
    responses: withVersions(
      ids.map((id) => byId.get(id)!),
      versions,
    ),
    nextCursor: page.nextCursor,
  };
}

/** Pairs responses with the version each answered and that version's question order. */
function withVersions(responses: FormResponse[], versions: FormVersion[]): ResponseWithVersion[] {
  const byId = new Map(versions.map((v) => [v.id, v]));
  return responses.map((response) => {
    const version = byId.get(response.form_version_id);
    const order = version?.fields.map((q) => q.id) ?? [];
    const rest = Object.keys(response.answers).filter((id) => !order.includes(id));
    return {
      response,
      version: version?.version ?? 0,
      questionIds: [...order.filter((id) => ownValue(response.answers, id) !== undefined), ...rest],
    };
  });
}

/** The files named by file answers, for presenting responses. */
export async function responseFiles(
  ctx: ServiceContext,
  scope: TenantScope,
  responses: readonly FormResponse[],
): Promise<Map<string, FileRecord>> {
  const { tenantId } = scope;
  const ids = [
    ...new Set(
      responses.flatMap((r) =>
        Object.values(r.answers)
          .filter((a) => a.type === 'file' && typeof a.value === 'string')
          .map((a) => a.value as string),
      ),
    ),
  ];
  if (ids.length === 0) return new Map();
  const files = await findFilesByIds(ctx, tenantId, ids);
  return new Map(files.map((f) => [f.id, f]));
}
