import { isUuid } from '@portico/common';
import { randomUUID } from 'node:crypto';
import {
  badRequest,
  DomainError,
  FILE_KINDS,
  FILE_LIST_LIMITS,
  FILE_STATUSES,
  fileActivity,
  findVisibleFile,
  listFiles,
  notFound,
  previewTypeOf,
  recordAudit,
  recordFileEvent,
  recordUpload,
  resolveAssignment,
  shareFile,
  storageFileName,
  deleteFile,
  forbidden,
  type AppContext,
  type FileRow,
  type FileViewer,
  listMemberChoices,
  countFiles,
} from '@portico/core';
import { ZipArchive } from 'archiver';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { sessionOf, workspaceOf, workspaceScopeOf } from '../http/request';
import { signFileLink } from '../http/file-links';
import { openStoredFile, sendStoredFile } from '../http/file-response';
import { storedFileSecurityHeaders } from '../http/security-headers';
import { sessionOrSignedLink } from '../http/guards';
import { receiveFileUpload, workspaceFile } from '../http/upload';
import { parse } from '../http/validate';
import { idField } from './schemas';
import { requireWorkspace } from '../middleware/workspace';
import { authorize, can } from '../policies';
import { presentFile, presentFileActivity } from '../presenters/files';

const SELECT_A_USER = 'Please select a user';

/** An empty query or form value counts as not given. */
const blankIsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

export const listQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be 100 or 1000.' })
    .refine((n) => (FILE_LIST_LIMITS as readonly number[]).includes(n), 'limit must be 100 or 1000.')
    .default(100),
  q: z.string().max(200, 'Search text must be at most 200 characters.').optional(),
  user_id: idField('user_id must be a user id.'),
  type: blankIsAbsent(z.enum(FILE_KINDS, { error: `type must be one of ${FILE_KINDS.join(', ')}.` }).optional()),
  status: blankIsAbsent(z.enum(FILE_STATUSES, { error: 'status must be new or viewed.' }).optional()),
  cursor: z.string().max(500).optional(),
  order: blankIsAbsent(z.enum(['newest', 'oldest'], { error: 'order must be newest or oldest.' }).optional()),
});

const roleList = z
  .union([z.array(z.string()), z.string()], { error: 'assigned_roles must be a list of role keys.' })
  .optional()
  .transform((v) =>
    v === undefined
      ? []
      : (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
  );

const titleField = z
  .string({ error: 'The title must be text.' })
  .trim()
  .max(255, 'The title must be at most 255 characters.')
  .optional();

export const uploadFields = z.object({
  title: titleField,
  user_id: idField(SELECT_A_USER),
  assigned_roles: roleList,
  assign_to: blankIsAbsent(z.enum(['user', 'role'], { error: 'assign_to must be user or role.' }).optional()),
});

export const shareBody = z.object({
  title: titleField,
  file_id: z.string().optional(),
  file_url: z.string().optional(),
  user_id: idField(SELECT_A_USER),
  assigned_roles: roleList,
  assign_to: z.enum(['user', 'role'], { error: 'assign_to must be user or role.' }).optional(),
});

export const linkBody = z.object({
  disposition: z
    .enum(['download', 'preview'], { error: 'disposition must be download or preview.' })
    .default('download'),
});

function viewerOf(req: Request): FileViewer & { userId: string } {
  const { actor } = sessionOf(req);
  const { role } = workspaceOf(req);
  return {
    userId: actor.user.id,
    role,
    isAdmin: can(workspaceScopeOf(req), 'files.manage'),
    formBuilder: can(workspaceScopeOf(req), 'forms.build'),
  };
}

async function visibleFile(req: Request, id: string | undefined): Promise<FileRow> {
  if (!isUuid(id)) throw notFound('This file does not exist.');
  const row = await findVisibleFile(workspaceOf(req).tenant.id, viewerOf(req), id.toLowerCase());
  if (!row) throw notFound('This file does not exist.');
  return row;
}

function fileIdFromUrl(fileUrl: string | undefined): string | undefined {
  return fileUrl?.match(/\/api\/files\/([0-9a-f-]{36})(?:\/download)?\/?$/i)?.[1];
}

export function fileRoutes(ctx: AppContext, authenticateSession: RequestHandler): Router {
  const router = Router();
  const store = ctx.storage;

  // Downloads and previews also open through a signed link (for <a>, <img> and <iframe>).
  const linkOrSession = sessionOrSignedLink(
    ctx,
    authenticateSession,
    (req) => req.path.match(/^\/([^/]+)\/(download|preview)$/)?.[1] ?? null,
  );
  router.use('/files', linkOrSession, requireWorkspace);

  router.get('/files', async (req, res) => {
    const query = parse(listQuery, req.query);
    const tenantId = workspaceOf(req).tenant.id;
    const viewer = viewerOf(req);
    const filters = { q: query.q, userId: query.user_id, type: query.type, status: query.status };
    const [{ rows, nextCursor }, total] = await Promise.all([
      listFiles(tenantId, viewer, { ...filters, limit: query.limit, cursor: query.cursor, order: query.order }),
      countFiles(tenantId, viewer, filters),
    ]);
    res.json({ files: rows.map(presentFile), next_cursor: nextCursor, total });
  });

  router.get('/files/tenant-users', async (req, res) => {
    const scope = workspaceScopeOf(req);
    authorize(scope, 'files.manage');
    const members = await listMemberChoices(ctx, scope, { activeOnly: true, orderBy: 'email' });
    res.json({ users: members.map((m) => ({ id: m.id, email: m.email, role: m.role })) });
  });

  router.post('/files/upload', async (req, res) => {
    const { actor } = sessionOf(req);
    const { tenant, roleTypes } = workspaceOf(req);
    const viewer = viewerOf(req);
    const fileId = randomUUID();
    const destination = workspaceFile(tenant.id, fileId, ctx.config.maxUploadBytes);
    await receiveFileUpload(
      ctx,
      req,
      { destination, fields: uploadFields, missingFile: 'Please select a file' },
      async ({ file, fields: input }) => {
        let assignment: { userId: string | null; roles: string[] };
        if (viewer.isAdmin) {
          assignment = await resolveAssignment(
            tenant.id,
            roleTypes.map((r) => r.role_key),
            { userId: input.user_id, roles: input.assigned_roles, assignTo: input.assign_to },
          );
        } else {
          if ((input.user_id && input.user_id !== actor.user.id) || input.assigned_roles.length > 0)
            throw forbidden('Only workspace admins can share files with other people.');
          assignment = { userId: actor.user.id, roles: [] };
        }
        await ctx.sequelize.transaction((transaction) =>
          recordUpload(
            ctx,
            {
              tenantId: tenant.id,
              fileId,
              file,
              title: input.title ?? '',
              userId: assignment.userId,
              roles: assignment.roles,
              uploadedBy: actor.user.id,
              audit: { ip: req.ip },
            },
            transaction,
          ),
        );
      },
    );
    res.status(201).json(presentFile((await findVisibleFile(tenant.id, viewer, fileId))!));
  });

  router.post('/files', async (req, res) => {
    const scope = workspaceScopeOf(req);
    authorize(scope, 'files.manage');
    const body = parse(shareBody, req.body);
    const sourceId = body.file_id ?? fileIdFromUrl(body.file_url);
    if (!sourceId) throw badRequest('Name the file to share with file_url or file_id.');
    const created = await shareFile(ctx, scope, {
      sourceId,
      title: body.title,
      userId: body.user_id,
      roles: body.assigned_roles,
      assignTo: body.assign_to,
    });
    res.status(201).json(presentFile((await findVisibleFile(scope.tenantId, viewerOf(req), created.id))!));
  });

  router.get('/files/download.zip', async (req, res) => {
    const raw = typeof req.query.ids === 'string' ? req.query.ids : '';
    const ids = [
      ...new Set(
        raw
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) throw badRequest('Select at least one file to download.');
    if (ids.length > 1000) throw badRequest('Download at most 1000 files at once.');
    if (!ids.every(isUuid)) throw badRequest('ids must be a comma-separated list of file ids.');
    const { tenant } = workspaceOf(req);
    const viewer = viewerOf(req);
    const { rows } = await listFiles(tenant.id, viewer, { ids, limit: 1000 });
    if (rows.length === 0) throw notFound('None of these files exist.');
    await Promise.all(rows.map((row) => recordFileEvent(tenant.id, row.id, viewer.userId, 'download')));
    res.attachment('files.zip');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const zip = new ZipArchive({ zlib: { level: 6 } });
    zip.on('error', (error) => {
      ctx.logger.error({ err: error }, 'zip download failed');
      res.destroy(error);
    });
    zip.pipe(res);
    let gone = false;
    const closed = new Promise<void>((resolve) =>
      res.once('close', () => {
        gone = !res.writableFinished;
        if (gone) zip.abort();
        resolve();
      }),
    );
    const used = new Set<string>();
    // One entry at a time: each object is opened only when the previous one is in the zip.
    for (const row of rows) {
      if (gone) return;
      let name = storageFileName(row.original_name);
      for (let n = 2; used.has(name.toLowerCase()); n++)
        name = storageFileName(`${row.original_name.replace(/(\.[^.]*)?$/, ` (${n})$1`)}`);
      used.add(name.toLowerCase());
      // An object that has gone missing is left out rather than breaking the whole zip.
      const source = await openStoredFile(store, ctx.logger, row).catch(() => null);
      if (!source) continue;
      const written = new Promise<void>((resolve) => zip.once('entry', () => resolve()));
      zip.append(source, { name });
      await Promise.race([written, closed]);
    }
    if (!gone) await zip.finalize();
  });

  router.get('/files/:id', async (req, res) => {
    res.json({ file: presentFile(await visibleFile(req, req.params.id)) });
  });

  const send = (res: Response, row: FileRow, disposition: 'attachment' | 'inline', contentType: string) =>
    sendStoredFile(store, ctx.logger, res, row, disposition, contentType);

  router.get('/files/:id/download', async (req, res) => {
    const row = await visibleFile(req, req.params.id);
    await recordFileEvent(row.tenant_id, row.id, sessionOf(req).actor.user.id, 'download');
    await send(res, row, 'attachment', row.content_type);
  });

  router.use('/files/:id/preview', storedFileSecurityHeaders);
  router.get('/files/:id/preview', async (req, res) => {
    const row = await visibleFile(req, req.params.id);
    const type = previewTypeOf(row.original_name, row.content_type);
    if (!type)
      throw new DomainError(415, 'This file type cannot be previewed. Download it instead.', 'not_previewable');
    await recordFileEvent(row.tenant_id, row.id, sessionOf(req).actor.user.id, 'view');
    await send(res, row, 'inline', type);
  });

  router.post('/files/:id/link', async (req, res) => {
    const row = await visibleFile(req, req.params.id);
    const { disposition } = parse(linkBody, req.body);
    const { actor, familyId } = sessionOf(req);
    const { query, expiresAt } = signFileLink(ctx.config.secretsKey, {
      fileId: row.id,
      tenantId: row.tenant_id,
      holder: { kind: 'session', userId: actor.user.id, familyId },
    });
    res.json({ url: `/api/files/${row.id}/${disposition}?${query}`, expires_at: expiresAt.toISOString() });
  });

  router.get('/files/:id/activity', async (req, res) => {
    authorize(workspaceScopeOf(req), 'files.manage');
    const row = await visibleFile(req, req.params.id);
    res.json({ activity: (await fileActivity(row.tenant_id, row.id)).map(presentFileActivity) });
  });

  router.delete('/files/:id', async (req, res) => {
    const { actor } = sessionOf(req);
    const row = await visibleFile(req, req.params.id);
    authorize(workspaceScopeOf(req), 'files.delete', { ownerId: row.uploaded_by });
    await ctx.sequelize.transaction(async (transaction) => {
      await deleteFile(ctx, row.tenant_id, row.id, transaction);
      await recordAudit(
        {
          actorUserId: actor.user.id,
          action: 'file.deleted',
          entityType: 'file',
          entityId: row.id,
          tenantId: row.tenant_id,
          details: { title: row.title },
          ip: req.ip,
        },
        transaction,
      );
    });
    res.status(204).end();
  });

  return router;
}
