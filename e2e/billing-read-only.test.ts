import { afterAll, beforeAll, describe, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import { openBrowser, see, sidebar, signIn, unique, waitForPlace } from './support';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const READ_ONLY = 'This workspace is read-only because its last payment failed and the grace period ended on';

describe('a read-only workspace (issue 28)', () => {
  it('shows its admin why with the way to Billing, refuses an upload with the sentence, and tells members to ask their admin', async () => {
    const ctx = e2e.app.ctx;
    const tenant = await makeTenant(ctx, { name: `Overdue Co ${unique()}` });
    const adminUser = await makeUser(ctx, { fullName: 'Ada Admin' });
    const memberUser = await makeUser(ctx, { fullName: 'Cleo Client' });
    await addMember(ctx, tenant, adminUser, 'admin');
    await addMember(ctx, tenant, memberUser, 'role2');
    // A failed payment whose grace period ended yesterday.
    await e2e.app.ctx.db.Tenant.update(
      { billing_status: 'past_due', grace_ends_at: new Date(Date.now() - DAY_MS) },
      { where: { id: tenant.id } },
    );

    const admin = await openBrowser(e2e);
    await signIn(admin, adminUser.email, DEFAULT_PASSWORD, `?tenant_id=${tenant.id}`);
    await waitForPlace(admin, { path: '/dashboard/admin' });
    const banner = admin.getByRole('alert').filter({ hasText: READ_ONLY });
    await see(banner);
    await see(banner.getByRole('link', { name: 'Go to Billing' }));

    await sidebar(admin).getByRole('link', { name: 'File Upload' }).click();
    await waitForPlace(admin, { path: '/files', query: { tenant_id: tenant.id } });
    await admin.getByRole('link', { name: 'Open file manager' }).click();
    await waitForPlace(admin, { path: '/admin/files' });
    // The page has loaded its files (reads work while read-only) before a file is chosen.
    await see(admin.getByText('No recent files.'));
    await admin
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await admin.getByRole('checkbox', { name: 'Client' }).check();
    await admin.getByRole('button', { name: 'Upload', exact: true }).click();
    // The refusal's own sentence, beside the form (the banner says it too).
    await see(admin.getByText(READ_ONLY).nth(1));

    const member = await openBrowser(e2e);
    await signIn(member, memberUser.email, DEFAULT_PASSWORD, `?tenant_id=${tenant.id}`);
    await waitForPlace(member, { path: /^\/dashboard\// });
    await see(
      member.getByRole('alert').filter({ hasText: 'This workspace is read-only until its billing is settled' }),
    );
  });
});
