import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { upload } from './files-support';
import { createForm, NO_ACCESS, NOT_ACCEPTING, NOT_FOUND, signedIn, submit } from './forms-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ MAX_UPLOAD_MB: '1' });
});
afterAll(() => app.close());

const CV_FORM = {
  title: 'Application',
  fields: [
    { id: 'name', type: 'short', label: 'Full name', required: true },
    { id: 'cv', type: 'file', label: 'CV', required: true },
  ],
};
const NAME_THE_QUESTION = 'Name the file question this upload answers with question_id.';
const NOT_YOURS = 'CV: Upload the file again: this one was not uploaded to this form by you.';

async function storedObjects(tenant: Tenant): Promise<string[]> {
  const root = path.join(app.config.storage.dir, tenant.id);
  const found: string[] = [];
  for (const fileDir of await readdir(root).catch(() => [] as string[]))
    found.push(...(await readdir(path.join(root, fileDir))).map((f) => `${fileDir}/${f}`));
  return found;
}

function uploadTo(tenant: Tenant, who: Person, formId: string, options: Parameters<typeof upload>[1] = {}) {
  return upload(app, {
    token: who.token,
    tenantId: tenant.id,
    path: `/api/forms/${formId}/uploads`,
    name: 'cv.pdf',
    type: 'application/pdf',
    content: '%PDF-1.4 my cv',
    fields: { question_id: 'cv' },
    ...options,
  });
}

describe('POST /api/forms/{id}/uploads and file answers', () => {
  it('stores the upload as the member’s file, accepts it as the answer, and lets the admin download it', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, CV_FORM);
    const uploaded = await uploadTo(tenant, member, form.id);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toEqual({
      file: { id: expect.any(String), title: 'Application — CV', original_name: 'cv.pdf', size_bytes: 14 },
    });
    const fileId = uploaded.body.file.id;
    const row = await app.ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id, id: fileId } });
    expect(row).toMatchObject({
      form_id: form.id,
      uploaded_by: member.user.id,
      user_id: member.user.id,
      assigned_roles: [],
      kind: 'pdf',
    });
    expect(await storedObjects(tenant)).toEqual([`${fileId}/cv.pdf`]);

    const res = await submit(app, tenant, member, form.id, { answers: { name: 'Max', cv: fileId.toUpperCase() } });
    expect(res.status).toBe(201);
    expect(res.body.response.items[1]).toEqual({
      question_id: 'cv',
      label: 'CV',
      type: 'file',
      value: fileId,
      file: uploaded.body.file,
    });
    expect(res.body.response.answers).toEqual({ 'Full name': 'Max', CV: fileId });
    const listed = await app.request('GET', `/form-responses?formId=${form.id}`, {
      token: admin.token,
      tenantId: tenant.id,
    });
    expect(listed.body.responses[0].items[1].file).toEqual(uploaded.body.file);
    const email = await app.ctx.db.EmailOutbox.findOne({
      where: { tenant_id: tenant.id, to_address: admin.user.email },
    });
    expect(email!.text_body).toContain('CV: cv.pdf');

    const download = await fetch(`${app.url}/api/files/${fileId}/download`, {
      headers: { authorization: `Bearer ${admin.token}`, 'x-tenant-id': tenant.id },
    });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('%PDF-1.4 my cv');

    // A team member reads responses, so may download their files; a guest may not.
    const team = await signedIn(app, tenant, 'role1');
    const guest = await signedIn(app, tenant, 'role3');
    const byTeam = await fetch(`${app.url}/api/files/${fileId}/download`, {
      headers: { authorization: `Bearer ${team.token}`, 'x-tenant-id': tenant.id },
    });
    expect(byTeam.status).toBe(200);
    expect(await byTeam.text()).toBe('%PDF-1.4 my cv');
    const byGuest = await fetch(`${app.url}/api/files/${fileId}/download`, {
      headers: { authorization: `Bearer ${guest.token}`, 'x-tenant-id': tenant.id },
    });
    expect(byGuest.status).toBe(404);

    // Deleting the form keeps the file in Files.
    expect((await app.request('DELETE', `/forms/${form.id}`, { token: admin.token, tenantId: tenant.id })).status).toBe(
      204,
    );
    expect(await app.ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id, id: fileId } })).toMatchObject({
      form_id: null,
    });
    expect(await storedObjects(tenant)).toEqual([`${fileId}/cv.pdf`]);
  });

  it('refuses a file answer uploaded by someone else, to another form, or outside forms (400)', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, CV_FORM);
    const otherForm = await createForm(app, tenant, admin, { ...CV_FORM, title: 'Other' });
    const byAdmin = (await uploadTo(tenant, admin, form.id)).body.file.id;
    const toOtherForm = (await uploadTo(tenant, member, otherForm.id)).body.file.id;
    const plainFile = (await upload(app, { token: member.token, tenantId: tenant.id })).body.id;
    const elsewhere = await makeWorkspace(app);
    const elsewhereForm = await createForm(app, elsewhere.tenant, elsewhere.admin, CV_FORM);
    const otherTenant = (await uploadTo(elsewhere.tenant, elsewhere.member, elsewhereForm.id)).body.file.id;
    for (const fileId of [byAdmin, toOtherForm, plainFile, otherTenant, '00000000-0000-4000-8000-000000000000']) {
      const res = await submit(app, tenant, member, form.id, { answers: { name: 'Max', cv: fileId } });
      expect(res.status, fileId).toBe(400);
      expect(res.body.error).toBe(NOT_YOURS);
      expect(res.body.details.fields).toEqual({
        cv: 'Upload the file again: this one was not uploaded to this form by you.',
      });
    }
    const notAnId = await submit(app, tenant, member, form.id, { answers: { name: 'Max', cv: 'cv.pdf' } });
    expect(notAnId.body.error).toBe('CV: Upload a file.');
  });

  it.each(['toString', 'constructor', 'hasOwnProperty'])(
    'refuses someone else’s file for a file question whose id is %s, as for any other id',
    async (id) => {
      const { tenant, admin, member } = await makeWorkspace(app);
      const form = await createForm(app, tenant, admin, {
        title: 'Application',
        fields: [{ id, type: 'file', label: 'CV', required: true }],
      });
      const byAdmin = (await uploadTo(tenant, admin, form.id, { fields: { question_id: id } })).body.file.id;
      const res = await submit(app, tenant, member, form.id, { answers: { [id]: byAdmin } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: NOT_YOURS, details: { fields: { [id]: expect.any(String) } } });
      const own = (await uploadTo(tenant, member, form.id, { fields: { question_id: id } })).body.file.id;
      const accepted = await submit(app, tenant, member, form.id, { answers: { [id]: own } });
      expect(accepted.status).toBe(201);
      expect(accepted.body.response.answers).toEqual({ CV: own });
    },
  );

  it.each([
    [{ fields: {} }, NAME_THE_QUESTION],
    [{ fields: { question_id: 'name' } }, NAME_THE_QUESTION],
    [{ fields: { question_id: 'ghost' } }, NAME_THE_QUESTION],
    [{ name: null }, 'Please select a file'],
  ])('answers 400 for %j and keeps nothing', async (options, message) => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, CV_FORM);
    const res = await uploadTo(tenant, member, form.id, options as Parameters<typeof upload>[1]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await storedObjects(tenant)).toEqual([]);
    expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it('answers 400 for a body that is not multipart', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, CV_FORM);
    const res = await app.request('POST', `/forms/${form.id}/uploads`, {
      token: member.token,
      tenantId: tenant.id,
      body: { file: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Send the file as multipart/form-data with a field named file.');
  });

  it('answers 413 past MAX_UPLOAD_MB and leaves no object and no row', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, CV_FORM);
    const res = await uploadTo(tenant, member, form.id, { content: Buffer.alloc(1024 * 1024 + 10, 7) });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('The file is larger than the 1 MB upload limit.');
    expect(await storedObjects(tenant)).toEqual([]);
    expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: tenant.id } })).toBe(0);
    expect((await uploadTo(tenant, member, form.id, { content: Buffer.alloc(1024 * 1024, 7) })).status).toBe(201);
  });

  it('is for whoever may answer the form: 403 unassigned, 404 another tenant, 409 not published, 401 without session', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const guest = await signedIn(app, tenant, 'role3');
    const form = await createForm(app, tenant, admin, CV_FORM);
    const draft = await createForm(app, tenant, admin, { ...CV_FORM, status: 'draft' });
    const unassigned = await uploadTo(tenant, guest, form.id);
    expect(unassigned.status).toBe(403);
    expect(unassigned.body.error).toBe(NO_ACCESS);
    const other = await makeWorkspace(app);
    const cross = await uploadTo(other.tenant, other.admin, form.id);
    expect(cross.status).toBe(404);
    expect(cross.body.error).toBe(NOT_FOUND);
    const closed = await uploadTo(tenant, admin, draft.id);
    expect(closed.status).toBe(409);
    expect(closed.body.error).toBe(NOT_ACCEPTING);
    expect(
      (await upload(app, { tenantId: tenant.id, path: `/api/forms/${form.id}/uploads`, fields: { question_id: 'cv' } }))
        .status,
    ).toBe(401);
    expect(await storedObjects(tenant)).toEqual([]);
    expect((await uploadTo(tenant, member, form.id)).status).toBe(201);
  });
});
