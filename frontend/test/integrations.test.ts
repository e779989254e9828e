import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/api/http';
import {
  countdownText,
  lastUsedText,
  PLAN_REQUIRED,
  SECRET_DISPLAY_MS,
  secondsLeft,
  sectionBlock,
  webhookState,
} from '../src/features/integrations/integration-text';
import { exampleFromSchema, readOpenApi, schemaFields, typeText } from '../src/features/integrations/openapi';
import type { OperationView } from '../src/features/integrations/openapi';
import { inlineSegments, paragraphs } from '../src/features/integrations/rich-text';
import {
  binarySummary,
  buildTryItRequest,
  emptyInputs,
  formatResponseBody,
  headersOfInterest,
  isTextual,
  resolveBaseUrl,
} from '../src/features/integrations/try-it';

/** A small OpenAPI 3.1 document shaped like the public API's. */
const DOC = {
  openapi: '3.1.0',
  info: { title: 'Portico public API', version: '1.0.0', description: 'Read and write a workspace.' },
  servers: [{ url: '{origin}/api/v1', variables: { origin: { default: '' } } }],
  security: [{ apiKey: [] }],
  tags: [{ name: 'Members', description: 'People of the workspace' }, { name: 'Files' }, { name: 'Unused' }],
  components: {
    securitySchemes: {
      apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'ptk_…', description: 'A workspace API key.' },
    },
    parameters: {
      Cursor: {
        name: 'cursor',
        in: 'query',
        schema: { type: 'string' },
        description: 'Where the previous page ended.',
      },
      Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
    },
    schemas: {
      Member: {
        type: 'object',
        required: ['id', 'email', 'role'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          email: { type: 'string', format: 'email', description: 'Sign-in address' },
          first_name: { type: ['string', 'null'] },
          role: { type: 'string' },
          status: { enum: ['active', 'suspended'] },
        },
      },
      MemberList: {
        type: 'object',
        required: ['data', 'next_cursor'],
        properties: {
          data: { type: 'array', items: { $ref: '#/components/schemas/Member' } },
          next_cursor: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        },
      },
      Error: {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'string' }, code: { type: 'string' } },
      },
    },
    responses: {
      Unauthorized: {
        description: 'Invalid API key.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  },
  paths: {
    '/members': {
      get: {
        operationId: 'listMembers',
        tags: ['Members'],
        summary: 'List members',
        parameters: [{ $ref: '#/components/parameters/Limit' }, { $ref: '#/components/parameters/Cursor' }],
        responses: {
          '200': {
            description: 'A page of members',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/MemberList' } } },
          },
          '401': { $ref: '#/components/responses/Unauthorized' },
        },
      },
    },
    '/members/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      get: {
        operationId: 'getMember',
        tags: ['Members'],
        summary: 'One member',
        responses: {
          '200': {
            description: 'The member',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { member: { $ref: '#/components/schemas/Member' } } },
              },
            },
          },
        },
      },
    },
    '/invitations': {
      post: {
        operationId: 'createInvitation',
        tags: ['Members'],
        summary: 'Invite someone',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['email', 'role'],
                properties: {
                  email: { type: 'string', maxLength: 254 },
                  role: { type: 'string', minLength: 1, description: 'A role key' },
                  note: { type: 'string', format: 'uuid' },
                },
              },
            },
          },
        },
        responses: { '201': { description: 'Invited' } },
      },
    },
    '/files': {
      post: {
        operationId: 'uploadFile',
        tags: ['Files'],
        summary: 'Upload a file',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'string', format: 'binary' },
                  user_id: { type: 'string', format: 'uuid' },
                  assigned_roles: { type: 'string' },
                },
              },
            },
          },
        },
        responses: { '201': { description: 'Uploaded' } },
      },
    },
    '/files/{id}/download': {
      get: {
        operationId: 'downloadFile',
        tags: ['Files'],
        summary: 'Download a file',
        security: [{ apiKey: [] }, {}],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The file',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    '/health': {
      get: { summary: 'Is the API up', security: [], responses: { '200': { description: 'Yes' } } },
    },
  },
};

function operation(key: string): OperationView {
  const found = readOpenApi(DOC)
    .groups.flatMap((g) => g.operations)
    .find((op) => op.key === key);
  if (!found) throw new Error(`no operation ${key}`);
  return found;
}

describe('reading the OpenAPI document', () => {
  it('reads the overview: title, version, server URL with its variables filled, bearer auth', () => {
    const reference = readOpenApi(DOC);
    expect(reference).toMatchObject({
      title: 'Portico public API',
      version: '1.0.0',
      serverUrl: '/api/v1',
      operationCount: 6,
    });
    expect(reference.auth).toEqual([
      { name: 'apiKey', usage: 'Authorization: Bearer <ptk_…>', description: 'A workspace API key.' },
    ]);
  });

  it('groups operations by tag in the document’s tag order, untagged last, tags without operations left out', () => {
    const reference = readOpenApi(DOC);
    expect(reference.groups.map((g) => [g.name, g.operations.map((op) => op.key)])).toEqual([
      ['Members', ['listMembers', 'getMember', 'createInvitation']],
      ['Files', ['uploadFile', 'downloadFile']],
      ['Other', ['GET /health']],
    ]);
    expect(reference.groups[0]?.description).toBe('People of the workspace');
  });

  it('lists parameters from references and from the path, with types, defaults and required', () => {
    expect(operation('listMembers').parameters).toEqual([
      { name: 'limit', in: 'query', type: 'integer, 1–100', required: false, description: '', defaultValue: '25' },
      {
        name: 'cursor',
        in: 'query',
        type: 'string',
        required: false,
        description: 'Where the previous page ended.',
        defaultValue: null,
      },
    ]);
    expect(operation('getMember').parameters).toEqual([
      { name: 'id', in: 'path', type: 'string (uuid)', required: true, description: '', defaultValue: null },
    ]);
  });

  it('lists request body fields with the JSON body to start from', () => {
    const body = operation('createInvitation').body;
    expect(body).toMatchObject({ contentType: 'application/json', required: true, multipart: false, fileFields: [] });
    expect(body?.fields.map((f) => [f.name, f.type, f.required, f.description])).toEqual([
      ['email', 'string, ≤ 254 characters', true, ''],
      ['role', 'string, ≥ 1 characters', true, 'A role key'],
      ['note', 'string (uuid)', false, ''],
    ]);
    // An email by its name, a uuid by its format.
    expect(JSON.parse(body?.example ?? '')).toEqual({
      email: 'person@example.com',
      role: 'string',
      note: '00000000-0000-0000-0000-000000000000',
    });
  });

  it('knows a multipart upload and which of its fields take a file', () => {
    const body = operation('uploadFile').body;
    expect(body).toMatchObject({
      contentType: 'multipart/form-data',
      multipart: true,
      fileFields: ['file'],
      example: '',
    });
    expect(body?.fields.map((f) => `${f.name}: ${f.type}`)).toEqual([
      'file: file',
      'user_id: string (uuid)',
      'assigned_roles: string',
    ]);
  });

  it('lists response fields through references, nested arrays spelled with []', () => {
    const [ok, unauthorized] = operation('listMembers').responses;
    expect(ok?.status).toBe('200');
    expect(ok?.fields.map((f) => `${f.name}: ${f.type}${f.required ? ' *' : ''}`)).toEqual([
      'data: Member[] *',
      'data[].id: string (uuid) *',
      'data[].email: string (email) *',
      'data[].first_name: string | null',
      'data[].role: string *',
      'data[].status: "active" | "suspended"',
      'next_cursor: string | null *',
    ]);
    expect(unauthorized).toMatchObject({ status: '401', description: 'Invalid API key.' });
    expect(unauthorized?.fields.map((f) => f.name)).toEqual(['error', 'code']);
  });

  it('reads whether an operation needs the key: the document’s rule, its own opt-out, or optional with {}', () => {
    expect(operation('listMembers').auth).toBe('required');
    expect(operation('GET /health').auth).toBe('none');
    expect(operation('downloadFile').auth).toBe('optional');
  });

  it('refuses what is not an OpenAPI 3 document', () => {
    expect(() => readOpenApi({ swagger: '2.0', paths: {} })).toThrow('not an OpenAPI 3 document');
    expect(() => readOpenApi(null)).toThrow();
  });

  it('survives circular references', () => {
    const doc = {
      components: {
        schemas: {
          Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } },
          Loop: { $ref: '#/components/schemas/Loop' },
        },
      },
    };
    expect(schemaFields(doc, { $ref: '#/components/schemas/Node' }).map((f) => f.name)).toEqual([
      'next',
      'next.next',
      'next.next.next',
    ]);
    expect(typeText(doc, { $ref: '#/components/schemas/Loop' })).toBe('Loop');
    expect(exampleFromSchema(doc, { $ref: '#/components/schemas/Node' })).toEqual({
      next: { next: { next: { next: { next: { next: null } } } } },
    });
  });

  it('writes types for unions, allOf and 3.0 nullable', () => {
    expect(typeText({}, { oneOf: [{ type: 'string' }, { type: 'integer' }] })).toBe('string | integer');
    expect(typeText({}, { type: 'array', items: { type: ['string', 'null'] } })).toBe('(string | null)[]');
    expect(typeText({}, { type: 'string', nullable: true })).toBe('string | null');
    expect(typeText(DOC, { allOf: [{ $ref: '#/components/schemas/Member' }] })).toBe('Member');
    expect(typeText({}, { const: 'ping' })).toBe('"ping"');
    expect(typeText({}, {})).toBe('any');
    // Generators bound every integer by ±MAX_SAFE_INTEGER; that is no information.
    expect(typeText({}, { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 })).toBe('integer');
    expect(typeText({}, { type: 'integer', minimum: 0, maximum: 9007199254740991 })).toBe('integer');
    expect(typeText({}, { type: 'integer', minimum: 1 })).toBe('integer, ≥ 1');
  });
});

describe('the try-it request', () => {
  const base = 'https://portal.example.com/api/v1';
  const withKey = { ...emptyInputs(), apiKey: ' ptk_abc ' };

  it('resolves the server URL against the page', () => {
    expect(resolveBaseUrl('/api/v1', 'https://portal.example.com')).toBe(base);
    expect(resolveBaseUrl('https://api.example.com/v1/', 'https://portal.example.com')).toBe(
      'https://api.example.com/v1',
    );
    expect(resolveBaseUrl('', 'https://portal.example.com')).toBe('https://portal.example.com');
  });

  it('sends the key as a bearer token with the query parameters that were filled', () => {
    const built = buildTryItRequest(operation('listMembers'), base, {
      ...withKey,
      params: { 'query:limit': '5', 'query:cursor': ' ' },
    });
    expect(built).toEqual({
      ok: true,
      request: {
        method: 'GET',
        url: `${base}/members?limit=5`,
        headers: { authorization: 'Bearer ptk_abc' },
        body: undefined,
      },
    });
  });

  it('needs a key where the operation requires one, and sends it where it is optional', () => {
    expect(buildTryItRequest(operation('listMembers'), base, emptyInputs())).toEqual({
      ok: false,
      error: 'Enter an API key to send the request.',
    });
    expect(buildTryItRequest(operation('GET /health'), base, emptyInputs())).toMatchObject({
      ok: true,
      request: { url: `${base}/health`, headers: {} },
    });
    const download = operation('downloadFile');
    expect(buildTryItRequest(download, base, { ...emptyInputs(), params: { 'path:id': 'f1' } })).toMatchObject({
      ok: true,
      request: { headers: {} },
    });
    expect(buildTryItRequest(download, base, { ...withKey, params: { 'path:id': 'f1' } })).toMatchObject({
      ok: true,
      request: { headers: { authorization: 'Bearer ptk_abc' } },
    });
  });

  it('fills path parameters, encoded, and names a missing one', () => {
    expect(buildTryItRequest(operation('getMember'), base, withKey)).toEqual({
      ok: false,
      error: 'Enter a value for id.',
    });
    const built = buildTryItRequest(operation('getMember'), base, { ...withKey, params: { 'path:id': 'a/b c' } });
    expect(built.ok && built.request.url).toBe(`${base}/members/a%2Fb%20c`);
  });

  it('sends a JSON body as typed, and refuses malformed JSON or a missing required body', () => {
    const invite = operation('createInvitation');
    const built = buildTryItRequest(invite, base, { ...withKey, body: '{"email":"a@b.test","role":"role2"}' });
    expect(built).toEqual({
      ok: true,
      request: {
        method: 'POST',
        url: `${base}/invitations`,
        headers: { authorization: 'Bearer ptk_abc', 'content-type': 'application/json' },
        body: '{"email":"a@b.test","role":"role2"}',
      },
    });
    const broken = buildTryItRequest(invite, base, { ...withKey, body: '{"email":' });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatch(/^The request body is not valid JSON: /);
    expect(buildTryItRequest(invite, base, { ...withKey, body: '  ' })).toEqual({
      ok: false,
      error: 'Enter a JSON request body.',
    });
  });

  it('sends a multipart upload with the chosen file and the filled fields', async () => {
    const upload = operation('uploadFile');
    expect(buildTryItRequest(upload, base, withKey)).toEqual({ ok: false, error: 'Choose a file for file.' });
    const file = new Blob(['hello'], { type: 'text/plain' });
    const built = buildTryItRequest(upload, base, {
      ...withKey,
      files: { file },
      formFields: { assigned_roles: 'role2', user_id: '' },
    });
    if (!built.ok) throw new Error(built.error);
    expect(built.request.headers).toEqual({ authorization: 'Bearer ptk_abc' });
    const form = built.request.body as FormData;
    expect([...form.keys()]).toEqual(['file', 'assigned_roles']);
    expect(await (form.get('file') as Blob).text()).toBe('hello');
    expect(form.get('assigned_roles')).toBe('role2');
  });

  it('keeps the answer headers worth showing and pretty-prints JSON', () => {
    const headers: Array<[string, string]> = [
      ['X-Request-Id', 'r1'],
      ['RateLimit-Remaining', '599'],
      ['ratelimit-limit', '600'],
      ['Content-Type', 'application/json'],
      ['RateLimit-Reset', '42'],
      ['Retry-After', '3'],
    ];
    expect(headersOfInterest(headers)).toEqual([
      ['content-type', 'application/json'],
      ['ratelimit-limit', '600'],
      ['ratelimit-remaining', '599'],
      ['ratelimit-reset', '42'],
      ['retry-after', '3'],
    ]);
    expect(formatResponseBody('{"data":[1]}', 'application/json; charset=utf-8')).toBe('{\n  "data": [\n    1\n  ]\n}');
    expect(formatResponseBody('not json', 'text/plain')).toBe('not json');
    expect(formatResponseBody('{broken', 'application/json')).toBe('{broken');
  });

  it('shows text answers and summarises binary ones', () => {
    expect(isTextual('application/json; charset=utf-8')).toBe(true);
    expect(isTextual('text/csv')).toBe(true);
    expect(isTextual(null)).toBe(true);
    expect(isTextual('application/pdf')).toBe(false);
    expect(binarySummary('application/pdf', 12345)).toBe('Binary answer (application/pdf, 12,345 bytes).');
    expect(binarySummary(null, 1)).toBe('Binary answer (unknown type, 1 byte).');
  });
});

describe('descriptions', () => {
  it('cuts **strong** and `code` runs out of a line, leaving lone markers as text', () => {
    expect(inlineSegments('Send `Authorization: Bearer ptk_…` with **every** call * or ` not')).toEqual([
      { kind: 'text', text: 'Send ' },
      { kind: 'code', text: 'Authorization: Bearer ptk_…' },
      { kind: 'text', text: ' with ' },
      { kind: 'strong', text: 'every' },
      { kind: 'text', text: ' call * or ` not' },
    ]);
    expect(inlineSegments('<b>no markup</b>')).toEqual([{ kind: 'text', text: '<b>no markup</b>' }]);
  });

  it('splits paragraphs on blank lines and joins wrapped lines', () => {
    expect(paragraphs('**Keys.** One\ntwo.\n\n  \nLast.')).toEqual([
      [
        { kind: 'strong', text: 'Keys.' },
        { kind: 'text', text: ' One two.' },
      ],
      [{ kind: 'text', text: 'Last.' }],
    ]);
  });
});

describe('page texts', () => {
  it('counts the 30 seconds a new key or secret stays on screen down to 0', () => {
    expect(SECRET_DISPLAY_MS).toBe(30_000);
    const shownAt = 1_000_000;
    expect(secondsLeft(shownAt, shownAt)).toBe(30);
    expect(secondsLeft(shownAt, shownAt + 250)).toBe(30);
    expect(secondsLeft(shownAt, shownAt + 1000)).toBe(29);
    expect(secondsLeft(shownAt, shownAt + 29_001)).toBe(1);
    expect(secondsLeft(shownAt, shownAt + 30_000)).toBe(0);
    expect(secondsLeft(shownAt, shownAt + 45_000)).toBe(0);
    expect(countdownText(30)).toBe('Hidden in 30 seconds');
    expect(countdownText(1)).toBe('Hidden in 1 second');
  });

  it('says Never for a key not used yet', () => {
    expect(lastUsedText(null)).toBe('Never');
    expect(lastUsedText('2026-03-01T10:00:00Z')).not.toBe('Never');
  });

  it('shows a webhook as enabled, disabled, or disabled automatically with the reason', () => {
    expect(webhookState({ enabled: true, disabled_reason: null })).toEqual({
      label: 'Enabled',
      tone: 'green',
      reason: null,
    });
    expect(webhookState({ enabled: false, disabled_reason: null })).toEqual({
      label: 'Disabled',
      tone: 'gray',
      reason: null,
    });
    expect(webhookState({ enabled: false, disabled_reason: '5 deliveries failed in a row' })).toMatchObject({
      label: 'Disabled automatically',
      reason: '5 deliveries failed in a row',
    });
  });

  it('puts the upgrade prompt in place of a section on plan_required, the refusal on another 403, nothing otherwise', () => {
    const plan = new ApiError(
      403,
      'API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.',
      PLAN_REQUIRED,
    );
    expect(sectionBlock(plan)).toEqual({ kind: 'plan', message: plan.message });
    expect(sectionBlock(new ApiError(403, 'Admins only.'))).toEqual({ kind: 'forbidden', message: 'Admins only.' });
    expect(sectionBlock(new ApiError(500, 'Something went wrong'))).toBeNull();
    expect(sectionBlock(null)).toBeNull();
  });
});
