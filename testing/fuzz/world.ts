import { randomBytes, randomUUID } from 'node:crypto';
import { EMBED_PROVIDER_KEYS, FORM_LIST_LIMITS } from '@portico/common';
import {
  ensureSuperAdmin,
  FILE_LIST_LIMITS,
  hashPassword,
  inTransaction,
  PEOPLE_PAGE_SIZES,
  type AppContext,
} from '@portico/core';
import type { User } from '@portico/core/db';
import { DEFAULT_PASSWORD, makeTenant } from '../factories';
import type { FuzzApi } from './api-process';
import { FUZZ_SECRETS } from './api-process';
import { FROM_SCHEMA, kindOf, type FieldRef, type ValueSource } from './generators';
import type { Operation } from './openapi';
import { bodyOf, send, type WireRequest } from './wire';

/*
 * The world the fuzz acts in: two Pro workspaces, each with an admin, a team member (role1), a
 * client (role2), a guest (role3), people the suite may edit or delete (victims), an API key, files,
 * a published form with a file question and an answer, an embed, a webhook with a delivery, an
 * open invitation and a logo; and a super admin. People sign in over HTTP. The world keeps
 * itself usable: `heal` notices (by probing) when a generated request logged someone out, changed
 * their role or password, revoked a key or removed a seeded object, and puts it back.
 */

export interface Person {
  /** `admin of A`, … */
  label: string;
  userId: string;
  email: string;
  /** The membership this person must keep; none for the super admin. */
  tenantId?: string;
  role?: string;
  token: string;
  refreshToken: string;
}

export interface TenantWorld {
  index: 0 | 1;
  name: 'A' | 'B';
  id: string;
  admin: Person;
  team: Person;
  client: Person;
  guest: Person;
  /** Members nobody signs in as: the targets of edits and removals. */
  victims: Array<{ userId: string; email: string; role: string }>;
  key: { id: string; key: string };
  files: string[];
  formId: string;
  /** A file the client uploaded to the form's file question. */
  formUploadId: string;
  embedIds: string[];
  webhookId: string;
  deliveryId: string;
  invitationToken: string;
  brandName: string;
  /** The query of a signed session link to the first file, and of a key's download link. */
  sessionLink: Record<string, string>;
  keyLink: Record<string, string>;
  roleSnapshot: Array<{ role_key: string; role_label: string; role_color: string; kind: string; sort_order: number }>;
}

/** A provider's return to the callback: its query (`state`, `code`, `iss`). */
export type ProviderReturnValues = Record<string, string>;

/** Who sends a request. */
export interface Caller {
  name: string;
  /** The bearer token at the moment of sending (tokens change when the world heals). */
  token?: () => string;
  /** The workspace named in `x-tenant-id`, for calls that take it. */
  tenantId?: string;
  /** A user whose sessions the suite may ruin (account changes run as such a person). */
  throwaway?: boolean;
}

export const FORM_FIELDS = [
  { id: 'name', type: 'short', label: 'Full name', required: true },
  { id: 'job', type: 'choice', label: 'Looking for a job?', options: ['Yes', 'No'] },
  { id: 'score', type: 'rating', label: 'How did we do?' },
  { id: 'start', type: 'date', label: 'Start date' },
  { id: 'skills', type: 'multi', label: 'Skills', options: ['Node', 'Go', 'Rust'] },
  { id: 'doc', type: 'file', label: 'Your CV' },
];

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A public address written as an IP literal: saved without DNS; no worker runs, so nothing is sent. */
const WEBHOOK_URL = 'https://93.184.215.14/hooks/portico';
/**
 * Embed targets at private addresses written as IP literals: the framing check refuses them at once
 * (OUTBOUND_ALLOW_PRIVATE is off), with no DNS and no connection, and the embed is saved all the same.
 */
const EMBED_URLS = ['https://10.255.0.1/tool', 'https://192.168.255.1/a/b?c=1'];

export function multipartBody(
  boundary: string,
  fields: Array<[string, string]>,
  file?: { field?: string; filename: string | Buffer; contentType: string; content: Buffer },
): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of fields)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="`),
    );
    parts.push(typeof file.filename === 'string' ? Buffer.from(file.filename) : file.filename);
    parts.push(Buffer.from(`"\r\nContent-Type: ${file.contentType}\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

interface CallOptions {
  token?: string;
  tenantId?: string;
  body?: unknown;
  multipart?: { fields: Array<[string, string]>; file?: { filename: string; contentType: string; content: Buffer } };
}

/** JSON and multipart calls to the API under test, for seeding and healing (the fuzz itself builds its own bytes). */
export class ApiClient {
  constructor(private readonly url: string) {}

  /** A call to `/api{path}`; answers the status and the parsed body. */
  async call(method: string, path: string, options: CallOptions = {}): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.tenantId) headers['x-tenant-id'] = options.tenantId;
    let body: Buffer | undefined;
    if (options.multipart) {
      const boundary = `fuzzseed${randomBytes(6).toString('hex')}`;
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      body = multipartBody(boundary, options.multipart.fields, options.multipart.file);
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = Buffer.from(JSON.stringify(options.body));
    }
    const request: WireRequest = { method, path: `/api${path}`, headers, body };
    const result = await send(this.url, request, 15_000);
    if (result.kind !== 'answer') throw new Error(`${method} ${path}: ${result.reason}`);
    return { status: result.status, body: bodyOf(result) };
  }

  /** A call that must answer `expected` (seeding cannot go on otherwise). */
  async expect(expected: number, method: string, path: string, options: CallOptions = {}): Promise<any> {
    const res = await this.call(method, path, options);
    if (res.status !== expected)
      throw new Error(
        `Seeding: ${method} ${path} answered ${res.status}, not ${expected}: ${JSON.stringify(res.body).slice(0, 500)}`,
      );
    return res.body;
  }

  /** Signs in over HTTP (POST /api/auth/login). */
  async login(email: string, password = DEFAULT_PASSWORD): Promise<{ token: string; refreshToken: string }> {
    const body = await this.expect(200, 'POST', '/auth/login', { body: { email, password } });
    return { token: body.access_token, refreshToken: body.refresh_token };
  }
}

export class World {
  readonly tenants: [TenantWorld, TenantWorld];
  readonly superAdmin: Person;
  /** What `heal` had to put back, per operation that disturbed it (reported, not a failure). */
  readonly disturbances: string[] = [];
  private readonly selves = new Map<string, Person>();
  private refreshTokens: string[] = [];
  private throwaways = new Map<string, { own: string[]; foreign: string[] }>();
  /** Real provider returns for `count` sign-ins of `email` started on the workspace's address, when the suite switched providers on. */
  providerFlows?: (tenantId: string, email: string, count: number) => Promise<ProviderReturnValues[]>;
  private providerReturns: ProviderReturnValues[] = [];

  private constructor(
    private readonly http: ApiClient,
    private readonly ctx: AppContext,
    private readonly passwordHash: string,
    tenants: [TenantWorld, TenantWorld],
    superAdmin: Person,
  ) {
    this.tenants = tenants;
    this.superAdmin = superAdmin;
  }

  private static async newUser(ctx: AppContext, passwordHash: string, label: string): Promise<User> {
    const email = `${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${randomBytes(3).toString('hex')}@fuzz.example.test`;
    return inTransaction(ctx, async (transaction) => {
      const user = await ctx.db.User.create({ email, password_hash: passwordHash }, { transaction });
      await ctx.db.Profile.create(
        { id: user.id, first_name: label.split(' ')[0] ?? 'Fuzz', last_name: 'Person' },
        { transaction },
      );
      return user;
    });
  }

  /** Seeds the whole world through the factories, the models and the API. */
  static async seed(api: FuzzApi, ctx: AppContext): Promise<World> {
    const passwordHash = await hashPassword(ctx.config.passwordHashing, DEFAULT_PASSWORD);
    await ensureSuperAdmin(ctx);
    const rootUser = await ctx.db.User.findOne({ where: { email: FUZZ_SECRETS.SUPERADMIN_EMAIL } });
    const http = new ApiClient(api.url);
    // The super admin signs in with its own password; everyone else shares DEFAULT_PASSWORD.
    const rootSession = await http.login(FUZZ_SECRETS.SUPERADMIN_EMAIL, FUZZ_SECRETS.SUPERADMIN_PASSWORD);
    const superAdmin: Person = { label: 'super admin', userId: rootUser!.id, email: rootUser!.email, ...rootSession };

    const seedTenant = async (index: 0 | 1): Promise<TenantWorld> => {
      const name = index === 0 ? 'A' : 'B';
      // Advanced: every plan-gated route (single sign-on the last of them) lets its admins in.
      const tenant = await makeTenant(ctx, {
        name: `Fuzz ${name} ${randomBytes(2).toString('hex')}`,
        tier: 'advanced',
      });
      await tenant.update({ seats_total: 1000 });
      const person = async (role: string, label: string): Promise<Person> => {
        const user = await World.newUser(ctx, passwordHash, label);
        await ctx.db.Membership.create({ tenant_id: tenant.id, user_id: user.id, role, status: 'active' });
        return {
          label: `${label} of ${name}`,
          userId: user.id,
          email: user.email,
          tenantId: tenant.id,
          role,
          ...(await http.login(user.email)),
        };
      };
      const [admin, team, client, guest] = await Promise.all([
        person('admin', 'admin'),
        person('role1', 'team member'),
        person('role2', 'client'),
        person('role3', 'guest'),
      ]);
      const auth = { token: admin.token, tenantId: tenant.id };

      const key = (await http.expect(201, 'POST', '/integrations/api-keys', { ...auth, body: { label: 'fuzz' } })).key;
      const fileA = await http.expect(201, 'POST', '/files/upload', {
        ...auth,
        multipart: {
          fields: [
            ['title', 'Contract'],
            ['assigned_roles', 'role2'],
          ],
          file: { filename: 'contract.txt', contentType: 'text/plain', content: Buffer.from('hello') },
        },
      });
      const fileB = await http.expect(201, 'POST', '/files/upload', {
        token: client.token,
        tenantId: tenant.id,
        multipart: {
          fields: [],
          file: { filename: 'notes.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 fuzz') },
        },
      });
      const form = (
        await http.expect(201, 'POST', '/forms', {
          ...auth,
          body: {
            title: 'Intake',
            fields: FORM_FIELDS,
            assigned_roles: ['role1', 'role2', 'role3'],
            status: 'published',
          },
        })
      ).form;
      const upload = (
        await http.expect(201, 'POST', `/forms/${form.id}/uploads`, {
          token: client.token,
          tenantId: tenant.id,
          multipart: {
            fields: [['question_id', 'doc']],
            file: { filename: 'cv.txt', contentType: 'text/plain', content: Buffer.from('cv') },
          },
        })
      ).file;
      await http.expect(201, 'POST', `/forms/${form.id}/responses`, {
        token: client.token,
        tenantId: tenant.id,
        body: {
          answers: { name: 'Cleo Client', job: 'No', score: 4, start: '2024-05-01', skills: ['Go'], doc: upload.id },
        },
      });
      const embed = (
        await http.expect(201, 'POST', '/embeds', {
          ...auth,
          body: { title: 'Book a call', provider: 'custom', url: EMBED_URLS[0], role: 'all' },
        })
      ).embed;
      const webhook = (
        await http.expect(201, 'POST', '/integrations/webhooks', { ...auth, body: { url: WEBHOOK_URL } })
      ).webhook;
      const delivery = (await http.expect(202, 'POST', `/integrations/webhooks/${webhook.id}/test`, auth)).delivery;
      const invitation = await http.expect(201, 'POST', '/invite', {
        ...auth,
        body: { email: `invitee-${randomBytes(3).toString('hex')}@fuzz.example.test`, role: 'role2' },
      });
      const invitationToken =
        new URL(invitation.signup_url, api.url).searchParams.get('token') ??
        String(invitation.signup_url).split('/').pop()!;
      const config = await http.expect(200, 'POST', '/tenant-config/logo', {
        ...auth,
        multipart: { fields: [], file: { filename: 'logo.png', contentType: 'image/png', content: PNG } },
      });
      const brandName =
        String(config.logo_url ?? config.tenant?.logo_url ?? '')
          .split('/')
          .pop() ?? '';
      const link = await http.expect(200, 'POST', `/files/${fileA.id}/link`, {
        ...auth,
        body: { disposition: 'download' },
      });
      const keyFile = await http.expect(200, 'GET', `/v1/files/${fileA.id}`, { token: key.key });
      const victims = [];
      for (const role of ['role2', 'role3', 'role1']) {
        const user = await World.newUser(ctx, passwordHash, 'victim');
        await ctx.db.Membership.create({ tenant_id: tenant.id, user_id: user.id, role, status: 'active' });
        victims.push({ userId: user.id, email: user.email, role });
      }
      const roleSnapshot = (
        await ctx.db.TenantRoleType.findAll({ where: { tenant_id: tenant.id }, order: [['sort_order', 'ASC']] })
      ).map((r) => ({
        role_key: r.role_key,
        role_label: r.role_label,
        role_color: r.role_color,
        kind: r.kind,
        sort_order: r.sort_order,
      }));
      return {
        index,
        name,
        id: tenant.id,
        admin,
        team,
        client,
        guest,
        victims,
        key: { id: key.id, key: key.key },
        files: [fileA.id, fileB.id],
        formId: form.id,
        formUploadId: upload.id,
        embedIds: [embed.id],
        webhookId: webhook.id,
        deliveryId: delivery.id,
        invitationToken,
        brandName,
        sessionLink: Object.fromEntries(new URL(link.url, api.url).searchParams),
        keyLink: Object.fromEntries(new URL(keyFile.download_url).searchParams),
        roleSnapshot,
      };
    };

    const world = new World(
      http,
      ctx,
      passwordHash,
      (await Promise.all([seedTenant(0), seedTenant(1)])) as [TenantWorld, TenantWorld],
      superAdmin,
    );
    return world;
  }

  other(side: 0 | 1): TenantWorld {
    return this.tenants[side === 0 ? 1 : 0];
  }

  people(): Person[] {
    return [this.superAdmin, ...this.tenants.flatMap((t) => [t.admin, t.team, t.client, t.guest])];
  }

  /** A member of tenant `side` whose account the operation may change or sign out (one per operation). */
  async self(opKey: string, side: 0 | 1): Promise<Person> {
    const key = `${opKey}#${side}`;
    const known = this.selves.get(key);
    if (known) return known;
    const tenant = this.tenants[side];
    const user = await World.newUser(this.ctx, this.passwordHash, 'self');
    await this.ctx.db.Membership.create({ tenant_id: tenant.id, user_id: user.id, role: 'role2', status: 'active' });
    const person: Person = {
      label: `throwaway member of ${tenant.name}`,
      userId: user.id,
      email: user.email,
      tenantId: tenant.id,
      role: 'role2',
      ...(await this.http.login(user.email)),
    };
    this.selves.set(key, person);
    return person;
  }

  /** Refresh tokens of throwaway sessions, for /auth/refresh and /auth/logout. */
  async prepareRefreshTokens(count = 3): Promise<void> {
    const self = await this.self('refresh-tokens', 0);
    this.refreshTokens = [];
    for (let i = 0; i < count; i++) this.refreshTokens.push((await this.http.login(self.email)).refreshToken);
  }

  /** Fresh provider returns for the callback, each signing in a throwaway member of tenant A. */
  async prepareProviderReturns(count = 4): Promise<void> {
    if (!this.providerFlows) return;
    const self = await this.self('provider-returns', 0);
    this.providerReturns = await this.providerFlows(self.tenantId!, self.email, count);
  }

  /**
   * Objects that an operation may change or delete, made just before it runs, so the seeded ones
   * stay as they are: `kind` is file, form, embed, webhook, invitation, api-key or user.
   */
  async prepareThrowaways(opKey: string, kind: string, count = 3): Promise<void> {
    const make = async (t: TenantWorld): Promise<string[]> => {
      const auth = { token: t.admin.token, tenantId: t.id };
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        let res: { status: number; body: any };
        switch (kind) {
          case 'file':
            res = await this.http.call('POST', '/files/upload', {
              ...auth,
              multipart: {
                fields: [],
                file: { filename: `throwaway-${i}.txt`, contentType: 'text/plain', content: Buffer.from('x') },
              },
            });
            ids.push(res.body?.id);
            break;
          case 'form':
            res = await this.http.call('POST', '/forms', {
              ...auth,
              body: {
                title: `Throwaway ${i}`,
                fields: FORM_FIELDS,
                assigned_roles: ['role2'],
                status: i === 0 ? 'draft' : 'published',
              },
            });
            ids.push(res.body?.form?.id);
            break;
          case 'embed':
            res = await this.http.call('POST', '/embeds', {
              ...auth,
              body: { title: `Throwaway ${i}`, provider: 'custom', url: EMBED_URLS[1], role: 'role2' },
            });
            ids.push(res.body?.embed?.id);
            break;
          case 'webhook':
            res = await this.http.call('POST', '/integrations/webhooks', {
              ...auth,
              body: { url: WEBHOOK_URL, events: 'forms' },
            });
            ids.push(res.body?.webhook?.id);
            break;
          case 'invitation':
            res = await this.http.call('POST', '/invite', {
              ...auth,
              body: { email: `throwaway-${randomBytes(3).toString('hex')}@fuzz.example.test`, role: 'role2' },
            });
            ids.push(res.body?.invitation?.id);
            break;
          case 'api-key':
            res = await this.http.call('POST', '/integrations/api-keys', {
              ...auth,
              body: { label: `throwaway ${i}` },
            });
            ids.push(res.body?.key?.id);
            break;
          case 'user': {
            const user = await World.newUser(this.ctx, this.passwordHash, 'victim');
            await this.ctx.db.Membership.create({
              tenant_id: t.id,
              user_id: user.id,
              role: ['role2', 'role3', 'role1'][i % 3]!,
              status: 'active',
            });
            ids.push(user.id);
            break;
          }
          default:
            throw new Error(`No throwaway ${kind}`);
        }
      }
      return ids.filter((id): id is string => typeof id === 'string');
    };
    for (const t of this.tenants) this.throwaways.set(`${opKey}#${t.index}`, { own: await make(t), foreign: [] });
  }

  private throwawayIds(opKey: string, side: 0 | 1): { own: string[]; foreign: string[] } | undefined {
    const own = this.throwaways.get(`${opKey}#${side}`)?.own;
    const foreign = this.throwaways.get(`${opKey}#${side === 0 ? 1 : 0}`)?.own;
    return own ? { own, foreign: foreign ?? [] } : undefined;
  }

  /**
   * Real values for the fields of an operation acting in tenant `side`: what makes a generated
   * request reach the service and the database rather than stop at validation.
   */
  valueSource(op: Operation, side: 0 | 1): ValueSource {
    const t = this.tenants[side];
    const o = this.other(side);
    const pick = (field: FieldRef, of: TenantWorld, theirs: boolean): readonly unknown[] | undefined => {
      const name = field.name;
      const main = field.schema.anyOf?.find((s: any) => s.type !== 'null') ?? field.schema;
      if (field.location === 'body' && field.path.length === 1) {
        if (name === 'roles') {
          const base = of.roleSnapshot.map(({ role_key, role_label, role_color, kind }) => ({
            role_key,
            role_label,
            role_color,
            kind,
          }));
          return [
            base,
            [...base, { role_key: 'fuzz_role', role_label: 'Fuzz', role_color: 'orange', kind: 'guest' }],
            base.map((r) => (r.role_key === 'role3' ? { ...r, role_label: 'Visitor' } : r)),
            FROM_SCHEMA,
          ];
        }
        if (name === 'fields') return [FORM_FIELDS, FORM_FIELDS.slice(0, 2), FROM_SCHEMA];
        if (name === 'answers')
          return [
            { name: 'Fuzz Person' },
            {
              name: 'Fuzz Person',
              job: 'Yes',
              score: 5,
              start: '2024-02-29',
              skills: ['Node', 'Rust'],
              doc: of.formUploadId,
            },
          ];
      }
      // A list or list-or-string field is generated item by item.
      if (main.type === 'array' && field.path.at(-1) !== 0) return undefined;
      const thrown = this.throwawayIds(op.key, of.index);
      const members = [of.admin, of.team, of.client, of.guest].map((p) => p.userId);
      const roleKeys = of.roleSnapshot.map((r) => r.role_key);
      const path = op.path;
      if (field.location === 'path') {
        if (name === 'token') return [of.invitationToken];
        if (name === 'tenantId') return [of.id];
        if (name === 'name') return [of.brandName];
        if (name === 'deliveryId') return [of.deliveryId];
        // The provider of the prepared returns (a flow's return to another provider's callback is refused).
        if (name === 'key' && path === '/auth/oauth/{key}/callback' && this.providerReturns.length > 0)
          return ['google'];
        if (thrown) return thrown.own;
        if (path.startsWith('/v1/members') || path.startsWith('/users/'))
          return path.startsWith('/users/')
            ? of.victims.map((v) => v.userId)
            : [...members, ...of.victims.map((v) => v.userId)];
        if (path.includes('/files/')) return of.files;
        if (path.includes('/forms/')) return [of.formId];
        if (path.includes('/webhooks/')) return [of.webhookId];
        return undefined;
      }
      if (field.location === 'query') {
        if (name === 'cursor')
          return [
            Buffer.from(
              JSON.stringify([new Date().toISOString().replace('T', ' ').replace('Z', '+00'), randomUUID()]),
            ).toString('base64url'),
          ];
        if (name === 'limit' && path === '/files') return [...FILE_LIST_LIMITS];
        if (name === 'limit' && path === '/forms') return [...FORM_LIST_LIMITS];
        if (name === 'page_size') return [...PEOPLE_PAGE_SIZES];
        if (name === 'formId') return [of.formId];
        if (name === 'tenant_id') return [of.id];
        if (name === 'redirect' && path === '/auth/oauth/{key}/start') return ['/files', '/dashboard/admin?tab=1'];
        if (path === '/auth/oauth/{key}/callback' && this.providerReturns.length > 0) {
          // A valid return is the provider's success, which has no `error` (left out); bad values still send one.
          if (name === 'error') return [undefined];
          const values = this.providerReturns.flatMap((r) => (name in r ? [r[name]] : []));
          if (values.length > 0) return values;
        }
        if (name === 'ids') return [of.files.join(','), of.files[0]];
        if (name === 'user_id') return members;
        if (name === 'role') return roleKeys;
        if (name === 'audience') return [...roleKeys, 'all'];
        if (name === 'provider') return EMBED_PROVIDER_KEYS.slice(0, 4);
        if (name === 'id' && path.startsWith('/super')) return [of.id];
        if (name === 'id' && path === '/embeds') return thrown && op.method !== 'GET' ? thrown.own : of.embedIds;
        if (path.startsWith('/v1/') && name in of.keyLink) return [of.keyLink[name]];
        if (name in of.sessionLink) return [of.sessionLink[name]];
        return undefined;
      }
      // Body fields.
      if (name === 'id' && path === '/forms') return thrown?.own ?? [of.formId];
      if (
        name === 'email' &&
        ['/auth/login', '/forgot-password', '/auth/magic-link', '/auth/magic-link/verify'].includes(path)
      )
        return [of.admin.email, of.client.email, of.guest.email];
      if (name === 'password' && path === '/auth/login') return [DEFAULT_PASSWORD];
      if (name === 'current_password') return [DEFAULT_PASSWORD];
      if (name === 'refresh_token') return theirs ? undefined : this.refreshTokens;
      if (name === 'token' && path === '/public/invitations/accept') return [of.invitationToken];
      if (name === 'tenant_id') return [of.id];
      if (name === 'user_id' && path === '/admin-reset-password') return of.victims.map((v) => v.userId);
      if (name === 'user_id' || name === 'user_ids')
        return path === '/users/bulk-role' ? of.victims.map((v) => v.userId) : members;
      if (name === 'file_id') return of.files;
      if (name === 'file_url') return of.files.map((id) => `/api/files/${id}/download`);
      if (name === 'ids' && path === '/embeds/reorder') return of.embedIds;
      if (name === 'question_id') return ['doc', 'name'];
      if (name === 'version') return [1];
      if (name === 'provider') return EMBED_PROVIDER_KEYS;
      if (name === 'url' && path.includes('webhooks')) return [WEBHOOK_URL];
      if (name === 'url' && path === '/embeds') return EMBED_URLS;
      if (name === 'assigned_roles') return roleKeys.filter((k) => k !== 'admin');
      if (name === 'role' && path === '/embeds') return [...roleKeys, 'all'];
      if (name === 'role' && kindOf(field.schema, name) !== 'enum' && !field.path.includes('roles')) return roleKeys;
      if (name === 'role_key') return [...roleKeys, 'fuzz_role'];
      return undefined;
    };
    return {
      keys: (field) => (field.name === 'answers' ? FORM_FIELDS.map((q) => q.id) : undefined),
      own: (field) => pick(field, t, false),
      foreign: (field) => {
        const values = pick(field, o, true);
        // Only ids are interesting from the other tenant; role keys and tokens are the same kind of value.
        return values?.filter((v) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-/.test(v));
      },
    };
  }

  /** Whether a person's session still works and their membership is as seeded. */
  private async personIsWell(person: Person): Promise<string | null> {
    const res = await this.http.call('GET', '/auth/user', { token: person.token });
    if (res.status !== 200) return `session answered ${res.status}`;
    if (person === this.superAdmin) return res.body?.is_super_admin ? null : 'no longer a super admin';
    const membership = (res.body?.memberships ?? []).find((m: any) => m.tenant_id === person.tenantId);
    if (!membership) return 'membership gone';
    if (membership.status !== 'active') return `membership ${membership.status}`;
    if (membership.role !== person.role) return `role changed to ${membership.role}`;
    if (res.body?.user?.email !== person.email) return 'email changed';
    return null;
  }

  /** Puts a person back: account, password, email, membership, super admin role; signs in again. */
  private async restorePerson(person: Person): Promise<void> {
    let user = await this.ctx.db.User.findByPk(person.userId);
    if (!user) {
      user = await World.newUser(this.ctx, this.passwordHash, person.label.split(' ')[0] ?? 'person');
      person.userId = user.id;
    }
    const emailTaken = await this.ctx.db.User.findOne({ where: { email: person.email } });
    const changes: Partial<User> = {};
    if (person === this.superAdmin) {
      if (user.email !== person.email && (!emailTaken || emailTaken.id === user.id)) changes.email = person.email;
      changes.password_hash = await hashPassword(this.ctx.config.passwordHashing, FUZZ_SECRETS.SUPERADMIN_PASSWORD);
      await this.ctx.db.UserGlobalRole.findOrCreate({ where: { user_id: user.id, role: 'super_admin' } });
    } else {
      if (user.email !== person.email) {
        if (!emailTaken || emailTaken.id === user.id) changes.email = person.email;
        else person.email = user.email;
      }
      changes.password_hash = this.passwordHash;
      const [membership] = await this.ctx.db.Membership.findOrCreate({
        where: { tenant_id: person.tenantId!, user_id: user.id },
        defaults: { tenant_id: person.tenantId!, user_id: user.id, role: person.role!, status: 'active' },
      });
      await membership.update({ role: person.role!, status: 'active' });
    }
    await user.update(changes);
    const session = await this.http.login(
      person.email,
      person === this.superAdmin ? FUZZ_SECRETS.SUPERADMIN_PASSWORD : DEFAULT_PASSWORD,
    );
    person.token = session.token;
    person.refreshToken = session.refreshToken;
  }

  /**
   * Probes every signed-in person, each tenant's key and role types, and (`thorough`) the seeded
   * form and files; puts back what `opKey`'s requests disturbed and notes it. Answers what was put back.
   */
  async heal(opKey: string, thorough = true): Promise<string[]> {
    const fixed: string[] = [];
    const people = this.people();
    const problems = await Promise.all(people.map((person) => this.personIsWell(person)));
    for (const [i, problem] of problems.entries()) {
      if (!problem) continue;
      await this.restorePerson(people[i]!);
      fixed.push(`${people[i]!.label}: ${problem}`);
    }
    for (const t of this.tenants) {
      const tenant = await this.ctx.db.Tenant.findByPk(t.id);
      if (tenant && (tenant.status !== 'active' || tenant.tier !== 'advanced')) {
        await tenant.update({ status: 'active', tier: 'advanced' });
        fixed.push(`tenant ${t.name}: was ${tenant.status}/${tenant.tier}`);
      }
      // A capability the workspace turned off (Settings → Features) refuses every caller of its area.
      const off = Object.entries(tenant?.features ?? {}).filter(([, on]) => on === false);
      if (tenant && off.length > 0) {
        await tenant.update({ features: {} });
        fixed.push(`tenant ${t.name}: ${off.map(([name]) => name).join(', ')} turned off`);
      }
      const roles = (
        await this.ctx.db.TenantRoleType.findAll({ where: { tenant_id: t.id }, order: [['sort_order', 'ASC']] })
      ).map((r) => `${r.role_key}:${r.role_label}:${r.role_color}:${r.kind}`);
      const wanted = t.roleSnapshot.map((r) => `${r.role_key}:${r.role_label}:${r.role_color}:${r.kind}`);
      if (roles.join('|') !== wanted.join('|')) {
        await inTransaction(this.ctx, async (transaction) => {
          await this.ctx.db.TenantRoleType.destroy({ where: { tenant_id: t.id }, transaction });
          await this.ctx.db.TenantRoleType.bulkCreate(t.roleSnapshot.map((r) => ({ ...r, tenant_id: t.id })) as any, {
            transaction,
          });
        });
        fixed.push(`tenant ${t.name}: role types changed`);
      }
      const keyProbe = await this.http.call('GET', '/v1/members?limit=1', { token: t.key.key });
      if (keyProbe.status !== 200) {
        const created = await this.http.call('POST', '/integrations/api-keys', {
          token: t.admin.token,
          tenantId: t.id,
          body: { label: 'fuzz (again)' },
        });
        if (created.status === 201) t.key = { id: created.body.key.id, key: created.body.key.key };
        fixed.push(`key of ${t.name}: answered ${keyProbe.status}`);
      }
      if (!thorough) continue;
      const auth = { token: t.admin.token, tenantId: t.id };
      const form = await this.http.call('GET', `/forms/${t.formId}`, auth);
      if (form.status !== 200 || form.body?.form?.status !== 'published') {
        if (form.status === 200)
          await this.http.call('PATCH', '/forms', {
            ...auth,
            body: { id: t.formId, status: 'published', assigned_roles: ['role1', 'role2', 'role3'] },
          });
        fixed.push(`form of ${t.name}: ${form.status} ${form.body?.form?.status ?? ''}`.trim());
      }
      for (const id of t.files) {
        const file = await this.http.call('GET', `/files/${id}`, auth);
        if (file.status !== 200) fixed.push(`file ${id} of ${t.name}: ${file.status}`);
      }
    }
    if (fixed.length > 0) this.disturbances.push(`${opKey} → ${fixed.join('; ')}`);
    return fixed;
  }
}
