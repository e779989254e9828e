import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DEFAULT_THEME,
  detectProvider,
  formDefinitionSchema,
  isEmbeddableUrl,
  PASSWORD_MIN_LENGTH,
} from '@portico/common';
import {
  audit,
  createEmbed,
  createForm,
  createTenant,
  createUser,
  fileStorageKey,
  hashPassword,
  inTransaction,
  memberScope,
  recordUpload,
  roleLabelOf,
  roleTypesOf,
  submitResponse,
  systemScope,
  type AppContext,
} from '@portico/core';
import type { Tenant, User } from '@portico/core/db';
import { DEMO_TENANTS, type DemoPerson, type DemoTenant } from './content';

export interface DemoAccount {
  tenant: string;
  email: string;
  /** The role's label in that workspace. */
  role: string;
}

export interface DemoSeedResult {
  tenants: { name: string; slug: string; tier: string }[];
  accounts: DemoAccount[];
  /** How many of each thing this run created; all zero on a second run. */
  created: { tenants: number; users: number; files: number; forms: number; responses: number; embeds: number };
  /** Set only when this run created accounts with a password it generated: shown once, never stored in clear. */
  generatedPassword?: string;
}

export class DemoPasswordError extends Error {}

const SOURCE = { source: 'seed:demo' };

/**
 * Creates the demo workspaces of ./content, or completes them: everything is looked up by a
 * natural key first (slug, email, title), so running it again adds only what is missing.
 * Existing accounts keep their passwords unless `password` (DEMO_PASSWORD) is given.
 */
export async function seedDemo(ctx: AppContext, options: { password?: string } = {}): Promise<DemoSeedResult> {
  if (options.password !== undefined && options.password.length < PASSWORD_MIN_LENGTH) {
    throw new DemoPasswordError(`DEMO_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  const newPassword = options.password ?? randomBytes(12).toString('base64url');
  const created = { tenants: 0, users: 0, files: 0, forms: 0, responses: 0, embeds: 0 };
  const accounts: DemoAccount[] = [];
  const storage = ctx.storage;

  for (const demo of DEMO_TENANTS) {
    const tenant = await ensureTenant(ctx, demo, created);
    const roleTypes = await roleTypesOf(ctx, tenant.id);
    const people = new Map<DemoPerson['key'], User>();
    for (const person of demo.people) {
      people.set(
        person.key,
        await ensureMember(ctx, tenant, person, newPassword, options.password !== undefined, created),
      );
      accounts.push({ tenant: demo.name, email: person.email, role: roleLabelOf(person.role, roleTypes) });
    }
    const admin = people.get('admin')!;
    const adminScope = memberScope(tenant, roleTypes, admin.id, 'admin');

    for (const file of demo.files) {
      if (await ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id, title: file.title }, attributes: ['id'] }))
        continue;
      const fileId = randomUUID();
      const key = fileStorageKey(tenant.id, fileId, file.name);
      const { size } = await storage.put(key, Readable.from([Buffer.from(file.body)]), {
        contentType: file.contentType,
        maxBytes: ctx.config.maxUploadBytes,
      });
      await inTransaction(ctx, (transaction) =>
        recordUpload(
          ctx,
          {
            scope: adminScope,
            fileId,
            file: { key, name: file.name, contentType: file.contentType, size },
            title: file.title,
            userId: file.person ? people.get(file.person)!.id : null,
            roles: file.roles,
            auditDetails: SOURCE,
          },
          transaction,
        ),
      );
      created.files += 1;
    }

    for (const demoForm of demo.forms) {
      let form = await ctx.db.Form.findOne({ where: { tenant_id: tenant.id, title: demoForm.title } });
      if (!form) {
        // The same schema the builder and the API validate with, so demo forms are forms a person could build.
        const definition = formDefinitionSchema.parse({
          title: demoForm.title,
          description: demoForm.description,
          fields: demoForm.fields,
          theme: { ...DEFAULT_THEME, primary: demoForm.primary },
        });
        form = await createForm(ctx, adminScope, {
          ...definition,
          assigned_roles: demoForm.roles,
          status: demoForm.status,
        });
        created.forms += 1;
      }
      for (const response of demoForm.responses) {
        const user = people.get(response.person)!;
        if (
          await ctx.db.FormResponse.findOne({
            where: { tenant_id: tenant.id, form_id: form.id, user_id: user.id },
            attributes: ['id'],
          })
        )
          continue;
        const person = demo.people.find((p) => p.key === response.person)!;
        await submitResponse(ctx, memberScope(tenant, roleTypes, user.id, person.role), {
          form,
          submitter: { userId: user.id, email: user.email, name: `${person.firstName} ${person.lastName}` },
          answers: response.answers,
        });
        created.responses += 1;
      }
    }

    for (const embed of demo.embeds) {
      if (await ctx.db.Embed.findOne({ where: { tenant_id: tenant.id, title: embed.title }, attributes: ['id'] }))
        continue;
      if (!isEmbeddableUrl(embed.url))
        throw new Error(`The demo embed "${embed.title}" has an address an embed may not have.`);
      const audience =
        'person' in embed.audience
          ? { embed_type: 'user' as const, role: null, user_id: people.get(embed.audience.person)!.id }
          : { embed_type: 'role' as const, role: embed.audience.role, user_id: null };
      await createEmbed(ctx, adminScope, {
        title: embed.title,
        provider: detectProvider(embed.url).key,
        url: embed.url,
        description: embed.description,
        is_active: true,
        ...audience,
      });
      created.embeds += 1;
    }
  }

  const generatedPassword = options.password === undefined && created.users > 0 ? newPassword : undefined;
  return {
    tenants: DEMO_TENANTS.map(({ name, slug, tier }) => ({ name, slug, tier })),
    accounts,
    created,
    generatedPassword,
  };
}

async function ensureTenant(ctx: AppContext, demo: DemoTenant, created: DemoSeedResult['created']): Promise<Tenant> {
  const existing = await ctx.db.Tenant.findOne({ where: { slug: demo.slug } });
  if (existing) return existing;
  return inTransaction(ctx, async (transaction) => {
    const tenant = await createTenant(
      ctx,
      { name: demo.name, slug: demo.slug, tier: demo.tier, seatsTotal: 3, bypassBilling: true },
      transaction,
    );
    await tenant.update(
      {
        primary_color: demo.primaryColor,
        secondary_color: demo.secondaryColor,
        support_email: demo.people.find((p) => p.key === 'admin')!.email,
      },
      { transaction },
    );
    await audit(
      ctx,
      systemScope,
      {
        action: 'tenant.created',
        entity: { type: 'tenant', id: tenant.id },
        tenantId: tenant.id,
        details: { name: demo.name, slug: demo.slug, tier: demo.tier, ...SOURCE },
      },
      transaction,
    );
    created.tenants += 1;
    return tenant;
  });
}

async function ensureMember(
  ctx: AppContext,
  tenant: Tenant,
  person: DemoPerson,
  password: string,
  resetPassword: boolean,
  created: DemoSeedResult['created'],
): Promise<User> {
  return inTransaction(ctx, async (transaction) => {
    let user = await ctx.db.User.findOne({
      where: { email: person.email },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!user) {
      ({ user } = await createUser(
        ctx,
        { email: person.email, password, fullName: `${person.firstName} ${person.lastName}`, title: person.title },
        transaction,
      ));
      created.users += 1;
    } else if (resetPassword) {
      await user.update({ password_hash: await hashPassword(ctx.config.passwordHashing, password) }, { transaction });
    }
    const [membership, joined] = await ctx.db.Membership.findOrCreate({
      where: { tenant_id: tenant.id, user_id: user.id },
      defaults: { tenant_id: tenant.id, user_id: user.id, role: person.role, status: 'active' },
      transaction,
    });
    if (joined) {
      await audit(
        ctx,
        systemScope,
        {
          action: 'member.added',
          entity: { type: 'membership', id: membership.id },
          tenantId: tenant.id,
          details: { user_id: user.id, role: person.role, ...SOURCE },
        },
        transaction,
      );
    }
    return user;
  });
}
