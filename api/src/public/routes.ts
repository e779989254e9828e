import { randomUUID } from 'node:crypto';
import { FORM_MESSAGES, type FormSummary } from '@portico/common';
import {
  uploadFile,
  findForm,
  findPerson,
  findVisibleFile,
  formStats,
  inviteMember,
  listFiles,
  listFormsPage,
  listMembersPage,
  listResponsesPage,
  notFound,
  responseFiles,
  type AppContext,
  type FileRow,
  type FileViewer,
  type FormViewer,
} from '@portico/core';
import { Router, type Request } from 'express';
import { signFileLink } from '../http/file-links';
import { sendStoredFile } from '../http/file-response';
import { apiKeyScopeOf } from '../http/request';
import { receiveFileUpload, workspaceFile } from '../http/upload';
import { parse } from '../http/validate';
import { ApiRateLimit, apiKeyAccessOf, authenticateApiKey } from '../middleware/api-key';
import { presentForm, presentFormRow, presentResponse } from '../presenters/forms';
import { presentApiFile, presentMember } from '../presenters/public-api';
import { PUBLIC_API_BASE } from '../openapi';
import {
  idParams,
  invitationBody,
  listQuery,
  uploadFields,
  type FileView,
  type FormDetailView,
  type FormResponseView,
  type FormSummaryView,
  type InvitationCreatedView,
} from './schemas';

/** A key reads its whole workspace, as an admin does; it is nobody, so it never "responded" or "viewed". */
const KEY_FILE_VIEWER: FileViewer = { userId: null, role: null, isAdmin: true };
const KEY_FORM_VIEWER: FormViewer = { userId: null, role: null, builder: true };

const FILE_NOT_FOUND = 'This file does not exist.';
const MEMBER_NOT_FOUND = 'This user is not a member of this workspace.';

/** The `{id}` of the path, validated by the schema the document shows; anything else is 404. */
function pathId(req: Request, notFoundMessage: string): string {
  const result = idParams.safeParse(req.params);
  if (!result.success) throw notFound(notFoundMessage);
  return result.data.id.toLowerCase();
}

/** A form summary as the public API shows it: `submitted` is about the caller, and a key never responds. */
function apiFormSummary({ submitted: _submitted, ...summary }: FormSummary): FormSummaryView {
  return summary;
}

/** `/api/v1`: the public API, for API keys only (see docs/api.md and `GET /api/openapi.json`). */
export function publicApiRoutes(ctx: AppContext): Router {
  const router = Router();
  const store = ctx.storage;
  router.use(authenticateApiKey(ctx, new ApiRateLimit(ctx)));

  function apiFile(req: Request, row: FileRow): FileView {
    const { apiKey } = apiKeyAccessOf(req);
    const { query, expiresAt } = signFileLink(ctx.config.secretsKey, {
      fileId: row.id,
      tenantId: row.tenant_id,
      holder: { kind: 'api-key', keyId: apiKey.id },
    });
    return presentApiFile(row, {
      url: `${ctx.config.publicUrl}${PUBLIC_API_BASE}/files/${row.id}/download?${query}`,
      expiresAt,
    });
  }

  async function visibleFile(req: Request): Promise<FileRow> {
    const row = await findVisibleFile(ctx, apiKeyScopeOf(req), {
      viewer: KEY_FILE_VIEWER,
      id: pathId(req, FILE_NOT_FOUND),
    });
    if (!row) throw notFound(FILE_NOT_FOUND);
    return row;
  }

  router.get('/members', async (req, res) => {
    const { limit, cursor } = parse(listQuery, req.query);
    const { rows, nextCursor } = await listMembersPage(apiKeyAccessOf(req).tenant.id, { limit, cursor });
    res.json({ data: rows.map(presentMember), next_cursor: nextCursor });
  });

  router.get('/members/:id', async (req, res) => {
    const person = await findPerson(apiKeyAccessOf(req).tenant.id, pathId(req, MEMBER_NOT_FOUND));
    if (!person) throw notFound(MEMBER_NOT_FOUND);
    res.json(presentMember(person));
  });

  router.get('/files', async (req, res) => {
    const { limit, cursor } = parse(listQuery, req.query);
    const { rows, nextCursor } = await listFiles(ctx, apiKeyScopeOf(req), { viewer: KEY_FILE_VIEWER, limit, cursor });
    res.json({ data: rows.map((row) => apiFile(req, row)), next_cursor: nextCursor });
  });

  router.post('/files', async (req, res) => {
    const { tenant } = apiKeyAccessOf(req);
    const fileId = randomUUID();
    const destination = workspaceFile(tenant.id, fileId, ctx.config.maxUploadBytes);
    await receiveFileUpload(
      ctx,
      req,
      { destination, fields: uploadFields, missingFile: 'Please select a file' },
      async ({ file, fields: input }) => {
        await uploadFile(ctx, apiKeyScopeOf(req), {
          fileId,
          file,
          title: input.title,
          userId: input.user_id,
          roles: input.assigned_roles,
        });
      },
    );
    res
      .status(201)
      .json(apiFile(req, (await findVisibleFile(ctx, apiKeyScopeOf(req), { viewer: KEY_FILE_VIEWER, id: fileId }))!));
  });

  router.get('/files/:id', async (req, res) => {
    res.json(apiFile(req, await visibleFile(req)));
  });

  router.get('/files/:id/download', async (req, res) => {
    const row = await visibleFile(req);
    await sendStoredFile(store, ctx.logger, res, row, 'attachment', row.content_type);
  });

  router.get('/forms', async (req, res) => {
    const { limit, cursor } = parse(listQuery, req.query);
    const { rows, nextCursor } = await listFormsPage(ctx.sequelize, apiKeyAccessOf(req).tenant.id, KEY_FORM_VIEWER, {
      limit,
      cursor,
    });
    res.json({ data: rows.map((row) => apiFormSummary(presentFormRow(row))), next_cursor: nextCursor });
  });

  router.get('/forms/:id', async (req, res) => {
    const form = await findForm(apiKeyAccessOf(req).tenant.id, pathId(req, FORM_MESSAGES.notFound));
    const { fields, theme, ...summary } = presentForm(
      form,
      await formStats(ctx.sequelize, form.tenant_id, form.id, null),
    );
    const answer: FormDetailView = { ...apiFormSummary(summary), fields, theme };
    res.json(answer);
  });

  router.get('/forms/:id/responses', async (req, res) => {
    const { tenant } = apiKeyAccessOf(req);
    const form = await findForm(tenant.id, pathId(req, FORM_MESSAGES.notFound));
    const { limit, cursor } = parse(listQuery, req.query);
    const { responses, nextCursor } = await listResponsesPage(ctx.sequelize, tenant.id, form.id, { limit, cursor });
    const files = await responseFiles(
      tenant.id,
      responses.map((r) => r.response),
    );
    const data: FormResponseView[] = responses.map((r) => presentResponse(r, files));
    res.json({ data, next_cursor: nextCursor });
  });

  router.post('/invitations', async (req, res) => {
    const body = parse(invitationBody, req.body);
    const created = await inviteMember(ctx, apiKeyScopeOf(req), body);
    const answer: InvitationCreatedView = {
      invitation: {
        id: created.invitation.id,
        email: created.invitation.email,
        role: created.invitation.role,
        expires_at: created.invitation.expires_at.toISOString(),
      },
      signup_url: created.signupUrl,
    };
    res.status(201).json(answer);
  });

  router.use((req, res) => {
    res.status(404).json({ error: `There is no ${req.method} ${PUBLIC_API_BASE}${req.path} endpoint.` });
  });

  return router;
}
