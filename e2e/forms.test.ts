import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { DEFAULT_THEME, RESPONSE_PAGE_SIZE } from '@portico/common';
import { createForm, submitResponse } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser, scopeOf } from '../testing/factories';
import { notSee, openBrowser, see, sidebar, signIn, unique, waitForPlace } from './support';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

async function signedIn(email: string, home: string, tenantId: string): Promise<Page> {
  const page = await openBrowser(e2e);
  await signIn(page, email, DEFAULT_PASSWORD);
  await waitForPlace(page, { path: home, query: { tenant_id: tenantId } });
  return page;
}

/** The file question, a group named by its legend (the label and a required mark). */
const resumeQuestion = (scope: Page | Locator) => scope.getByRole('group', { name: /^Resume/ });

const RESUME = Buffer.from('%PDF-1.4\n% a resume for the forms test\n');

describe('forms', () => {
  it('an admin builds a form with logic and assigns it; a client fills it with a file; the admin reads it; another role is refused', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Forms Co ${unique()}` });
    const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
    const client = await makeUser(e2e.app.ctx, { fullName: 'Cleo Client' });
    const guest = await makeUser(e2e.app.ctx, { fullName: 'Gus Guest' });
    await addMember(e2e.app.ctx, tenant, admin, 'admin');
    await addMember(e2e.app.ctx, tenant, client, 'role2');
    await addMember(e2e.app.ctx, tenant, guest, 'role3');
    const title = `Intake ${unique()}`;

    // The admin opens Forms from the sidebar and starts a new form.
    const adminPage = await signedIn(admin.email, '/dashboard/admin', tenant.id);
    await sidebar(adminPage).getByRole('link', { name: 'Forms', exact: true }).click();
    await waitForPlace(adminPage, { path: '/forms', query: { tenant_id: tenant.id } });
    await adminPage.getByRole('link', { name: 'New Form' }).first().click();
    await waitForPlace(adminPage, { path: '/forms/new', query: { tenant_id: tenant.id } });
    await adminPage.getByLabel('Title', { exact: true }).fill(title);

    // Three questions: a choice, a file shown only for "Yes", and a required short answer.
    const questions = adminPage
      .getByRole('listitem')
      .filter({ has: adminPage.getByRole('heading', { name: /^Question \d+/ }) });
    const addQuestion = async (type: string, label: string) => {
      await adminPage
        .getByRole('group', { name: 'Add a question' })
        .getByRole('button', { name: type, exact: true })
        .click();
      const added = questions.last();
      await added.getByLabel('Question', { exact: true }).fill(label);
      return added;
    };
    const choice = await addQuestion('Multiple choice', 'Do you have a resume?');
    expect(await choice.getByLabel('Options').inputValue()).toBe('Option 1');
    await choice.getByLabel('Options').fill('Yes, , No ,');
    const file = await addQuestion('File upload', 'Resume');
    await file.getByLabel('Required').check();
    const name = await addQuestion('Short answer', 'Full name');
    await name.getByLabel('Required').check();
    expect(await questions.count()).toBe(3);

    // The rule: when "Do you have a resume?" equals Yes, show Resume.
    const logic = adminPage.getByRole('region', { name: 'Conditional logic' });
    await logic.getByRole('button', { name: 'Add rule' }).click();
    await logic.getByLabel('Rule 1: show').selectOption({ label: 'Resume' });
    await logic.getByLabel('Rule 1: When').selectOption({ label: 'Do you have a resume?' });
    await logic.getByLabel('Rule 1: equals').selectOption('Yes');

    // The live preview hides Resume until Yes is picked.
    const preview = adminPage.getByRole('complementary', { name: 'Live preview' });
    await see(preview.getByText('Full name'));
    await see(preview.getByRole('group', { name: /^Do you have a resume\?/ }));
    expect(await resumeQuestion(preview).count()).toBe(0);
    await preview.getByLabel('Yes', { exact: true }).check();
    await see(resumeQuestion(preview));

    // Assign to Client and publish.
    await adminPage.getByRole('region', { name: 'Who can fill it in' }).getByLabel('Client').check();
    await adminPage.getByRole('button', { name: 'Publish', exact: true }).click();
    const edited = await waitForPlace(adminPage, { path: '/forms/new', query: { tenant_id: tenant.id } });
    await expect
      .poll(
        async () => (await e2e.app.ctx.db.Form.findOne({ where: { tenant_id: tenant.id, title } }))?.status ?? null,
        {
          timeout: 10_000,
        },
      )
      .toBe('published');
    const saved = (await e2e.app.ctx.db.Form.findOne({ where: { tenant_id: tenant.id, title } }))!;
    await expect.poll(() => new URL(adminPage.url()).searchParams.get('edit'), { timeout: 10_000 }).toBe(saved.id);
    expect(edited.pathname).toBe('/forms/new');
    expect(saved.assigned_roles).toEqual(['role2']);
    expect(saved.fields.map((q) => [q.label, q.type, q.required])).toEqual([
      ['Do you have a resume?', 'choice', false],
      ['Resume', 'file', true],
      ['Full name', 'short', true],
    ]);
    expect(saved.fields[0]!.options).toEqual(['Yes', 'No']);
    expect(saved.fields[1]!.logic).toEqual({
      whenQuestionId: saved.fields[0]!.id,
      equals: 'Yes',
      showQuestionId: saved.fields[1]!.id,
    });

    // The client finds it on the dashboard's Forms tab and opens it.
    const clientPage = await signedIn(client.email, '/dashboard/client', tenant.id);
    await clientPage.getByRole('tab', { name: 'Forms' }).click();
    await see(clientPage.getByText(title, { exact: true }));
    await clientPage.getByRole('link', { name: `Open ${title}` }).click();
    await waitForPlace(clientPage, { path: `/forms/${saved.id}`, query: { tenant_id: tenant.id } });
    await see(clientPage.getByRole('heading', { name: title, level: 1 }));
    await see(clientPage.getByLabel('Full name'));
    expect(await resumeQuestion(clientPage).count()).toBe(0);

    // Submitting without the required answer is refused in the browser.
    await clientPage.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(clientPage.getByText('This question is required.'));
    expect(await e2e.app.ctx.db.FormResponse.count({ where: { tenant_id: tenant.id } })).toBe(0);

    // "No" keeps Resume hidden; "Yes" shows it; the file uploads and the form goes in.
    await clientPage.getByLabel('No', { exact: true }).check();
    expect(await resumeQuestion(clientPage).count()).toBe(0);
    await clientPage.getByLabel('Yes', { exact: true }).check();
    await see(resumeQuestion(clientPage));
    await clientPage.getByLabel('Full name').fill('Cleo Client');
    await clientPage
      .getByLabel('Resume', { exact: true })
      .setInputFiles({ name: 'cleo-resume.pdf', mimeType: 'application/pdf', buffer: RESUME });
    await see(clientPage.getByRole('button', { name: 'Remove cleo-resume.pdf' }));
    await clientPage.getByRole('button', { name: 'Submit', exact: true }).click();
    await see(clientPage.getByText('Form submitted successfully!').first());
    const responses = await e2e.app.ctx.db.FormResponse.findAll({ where: { tenant_id: tenant.id } });
    expect(responses).toHaveLength(1);
    expect(
      saved.fields
        .map((q) => responses[0]!.answers[q.id])
        .map((a) => [a?.label, a?.type === 'file' ? 'file' : a?.value]),
    ).toEqual([
      ['Do you have a resume?', 'Yes'],
      ['Resume', 'file'],
      ['Full name', 'Cleo Client'],
    ]);

    // The admin reads the response and downloads the file through the access-checked path.
    await adminPage.goto(`/forms/${saved.id}/responses?tenant_id=${tenant.id}`);
    const table = adminPage.getByRole('region', { name: 'Responses' });
    await see(table.getByRole('button', { name: 'Cleo Client', exact: true }));
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      table.getByRole('button', { name: 'Download cleo-resume.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('cleo-resume.pdf');
    expect(await readFile((await download.path())!)).toEqual(RESUME);
    await table.getByRole('button', { name: 'View the response of Cleo Client' }).click();
    const drawer = adminPage.getByRole('dialog');
    await see(drawer.getByText('Do you have a resume?'));
    await see(drawer.getByText('Cleo Client', { exact: true }).first());
    await adminPage.keyboard.press('Escape');
    await notSee(drawer);

    // A guest, whose role is not assigned, is refused.
    const guestPage = await signedIn(guest.email, '/dashboard/client', tenant.id);
    await guestPage.goto(`/forms/${saved.id}?tenant_id=${tenant.id}`);
    await see(guestPage.getByText('You do not have access to this form.', { exact: true }));
    expect(await guestPage.getByLabel('Full name').count()).toBe(0);
  });

  it('autosaves in the builder; the form list assigns roles, copies, archives and deletes', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Forms Admin ${unique()}` });
    const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
    await addMember(e2e.app.ctx, tenant, admin, 'admin');
    const page = await signedIn(admin.email, '/dashboard/admin', tenant.id);
    const title = `Feedback ${unique()}`;

    // Typing is saved about 1.2 s after the last change, without pressing anything.
    await page.goto(`/forms/new?tenant_id=${tenant.id}`);
    await see(page.getByText('Not saved yet'));
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page
      .getByRole('group', { name: 'Add a question' })
      .getByRole('button', { name: 'Rating', exact: true })
      .click();
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: /^Question \d+/ }) })
      .last()
      .getByLabel('Question', { exact: true })
      .fill('How did we do?');
    await see(page.getByText(/^Last saved/));
    const created = await e2e.app.ctx.db.Form.findOne({ where: { tenant_id: tenant.id, title } });
    expect(created?.status).toBe('draft');
    expect(created?.fields.map((q) => [q.type, q.label])).toEqual([['rating', 'How did we do?']]);
    await expect.poll(() => new URL(page.url()).searchParams.get('edit'), { timeout: 10_000 }).toBe(created!.id);
    // The preview shows five stars.
    await expect
      .poll(() => page.getByRole('complementary', { name: 'Live preview' }).getByRole('radio').count())
      .toBe(5);

    // Role Assignment in the list's panel.
    await page.goto(`/forms?tenant_id=${tenant.id}`);
    const list = page.getByRole('region', { name: 'Forms list' });
    await list.getByRole('button', { name: title, exact: true }).click();
    const panel = page.getByRole('complementary', { name: title });
    await panel.getByRole('tab', { name: 'Role Assignment' }).click();
    await panel.getByLabel(/^Client/).check();
    await panel.getByRole('button', { name: 'Save assignments' }).click();
    await see(page.getByText('Assignments saved successfully'));
    await expect
      .poll(
        async () =>
          (await e2e.app.ctx.db.Form.findOne({ where: { tenant_id: tenant.id, id: created!.id } }))?.assigned_roles,
      )
      .toEqual(['role2']);

    // Copy, archive, delete from the row menu.
    await list.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Make a copy' }).click();
    await see(list.getByRole('button', { name: `Copy of ${title}`, exact: true }));
    await list.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect
      .poll(
        async () => (await e2e.app.ctx.db.Form.findOne({ where: { tenant_id: tenant.id, id: created!.id } }))?.status,
      )
      .toBe('archived');
    await list.getByRole('button', { name: `Actions for Copy of ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete form' });
    await dialog.getByRole('button', { name: 'Delete form' }).click();
    await see(page.getByText('Form deleted'));
    await notSee(list.getByRole('button', { name: `Copy of ${title}`, exact: true }));
    expect((await e2e.app.ctx.db.Form.findAll({ where: { tenant_id: tenant.id } })).map((f) => f.title)).toEqual([
      title,
    ]);
  });

  it('shows a long list of responses a page at a time, with the whole count', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Busy Forms ${unique()}` });
    const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
    await addMember(e2e.app.ctx, tenant, admin, 'admin');
    const form = await createForm(e2e.app.ctx, await scopeOf(e2e.app.ctx, tenant, admin.id), {
      title: 'Popular survey',
      status: 'published',
      assigned_roles: ['role2'],
      fields: [{ id: 'q1', type: 'short', label: 'Your name', required: true, options: [], logic: null }],
      theme: { ...DEFAULT_THEME },
    });
    const client = await makeUser(e2e.app.ctx);
    await addMember(e2e.app.ctx, tenant, client, 'role2');
    const total = RESPONSE_PAGE_SIZE + 3;
    // One member answering many times, under a name per answer, so each row can be told apart.
    for (let i = 1; i <= total; i++) {
      await submitResponse(e2e.app.ctx, await scopeOf(e2e.app.ctx, tenant, client.id, 'role2'), {
        form,
        submitter: { userId: client.id, email: client.email, name: `Responder ${String(i).padStart(2, '0')}` },
        answers: { q1: `Name ${i}` },
      });
    }

    const page = await signedIn(admin.email, '/dashboard/admin', tenant.id);
    await page.goto(`/forms/${form.id}/responses?tenant_id=${tenant.id}`);
    const table = page.getByRole('region', { name: 'Responses' });
    await see(page.getByText(`${total} responses`, { exact: true }));
    // Newest first: the last to answer heads the list, the first is on the next page.
    await see(table.getByRole('button', { name: `Responder ${total}`, exact: true }));
    expect(await table.getByRole('button', { name: /^View the response of/ }).count()).toBe(RESPONSE_PAGE_SIZE);
    await notSee(table.getByRole('button', { name: 'Responder 01', exact: true }));
    await see(table.getByText(`Showing ${RESPONSE_PAGE_SIZE} of ${total}`));

    await table.getByRole('button', { name: 'Load more responses' }).click();
    await see(table.getByRole('button', { name: 'Responder 01', exact: true }));
    expect(await table.getByRole('button', { name: /^View the response of/ }).count()).toBe(total);
    await notSee(table.getByRole('button', { name: 'Load more responses' }));
  });

  it('the builder, the fill page and the form list have no serious accessibility problems', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Axe Forms ${unique()}` });
    const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
    await addMember(e2e.app.ctx, tenant, admin, 'admin');
    const form = await createForm(e2e.app.ctx, await scopeOf(e2e.app.ctx, tenant, admin.id), {
      title: 'Feedback',
      status: 'published',
      assigned_roles: ['role2'],
      fields: [
        { id: 'q1', type: 'rating', label: 'How did we do?', required: true, options: [], logic: null },
        { id: 'q2', type: 'long', label: 'Anything else?', required: false, options: [], logic: null },
      ],
      theme: { ...DEFAULT_THEME },
    });
    const page = await signedIn(admin.email, '/dashboard/admin', tenant.id);
    for (const path of ['/forms', '/forms/new', `/forms/new?edit=${form.id}`, `/forms/${form.id}`]) {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}tenant_id=${tenant.id}`);
      await see(page.getByRole('main'));
      await page.waitForLoadState('networkidle');
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
  });
});
