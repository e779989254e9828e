/**
 * Turns an OpenAPI 3.x document into what the Documentation section shows: operations grouped by
 * tag, each with its parameters, request body fields and responses read from the JSON schemas,
 * optionally only those one security scheme opens (the server's document also holds the web app's
 * own calls). Only local `$ref`s (`#/...`) exist in a generated document, so only those are followed.
 */

type Json = Record<string, unknown>;

export interface SchemaField {
  /** Dotted path of the field: `email`, `invitation.role`, `data[].id`. */
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** The schema's default, as JSON text; null when it has none. */
  defaultValue: string | null;
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ParameterField extends SchemaField {
  in: ParameterLocation;
}

export interface RequestBodyView {
  contentType: string;
  required: boolean;
  /** multipart/form-data: the try-it view offers one input per field (a file input for files). */
  multipart: boolean;
  fields: SchemaField[];
  /** For multipart bodies: the names of the fields that take a file. */
  fileFields: string[];
  /** A JSON body to start from in the try-it view. */
  example: string;
}

export interface ResponseView {
  status: string;
  description: string;
  fields: SchemaField[];
}

export type AuthNeed = 'required' | 'optional' | 'none';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';

export interface OperationView {
  /** operationId, else `METHOD /path`; unique within the document. */
  key: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description: string;
  tag: string;
  deprecated: boolean;
  /** Whether the operation asks for an API key (its own `security`, else the document's); `{}` among the options makes it optional. */
  auth: AuthNeed;
  parameters: ParameterField[];
  body: RequestBodyView | null;
  responses: ResponseView[];
}

export interface TagGroup {
  name: string;
  description: string;
  operations: OperationView[];
}

export interface AuthScheme {
  name: string;
  /** How to send it, e.g. `Authorization: Bearer <token>`. */
  usage: string;
  description: string;
}

export interface ApiReference {
  title: string;
  version: string;
  description: string;
  /**
   * The first server's URL with its variables filled in, followed by the leading path segments every
   * shown operation shares (`/api` and `/v1/members`, `/v1/files` give `/api/v1`); may be relative to
   * the page.
   */
  serverUrl: string;
  auth: AuthScheme[];
  groups: TagGroup[];
  operationCount: number;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const UNTAGGED = 'Other';
const MAX_REF_HOPS = 20;
/** How deep nested object fields are listed (`data[].invitation.role` is depth 2). */
const MAX_FIELD_DEPTH = 2;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function pointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
  }
  return node;
}

/** Follows `$ref` until a plain object; unknown, remote or circular references give `{}`. */
export function resolveRef(doc: Json, value: unknown): Json {
  let node = value;
  for (let hops = 0; isRecord(node) && typeof node.$ref === 'string'; hops += 1) {
    if (hops >= MAX_REF_HOPS) return {};
    node = pointer(doc, node.$ref);
  }
  return isRecord(node) ? node : {};
}

/** The name a `$ref` points at (`#/components/schemas/Member` → `Member`). */
function refName(value: unknown): string | null {
  if (!isRecord(value) || typeof value.$ref !== 'string') return null;
  return value.$ref.split('/').pop() ?? null;
}

function alternatives(schema: Json): unknown[] {
  return [...list(schema.anyOf), ...list(schema.oneOf)];
}

function isNullSchema(doc: Json, value: unknown): boolean {
  const schema = resolveRef(doc, value);
  return (
    schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null')
  );
}

/** `anyOf: [X, {type: null}]` (how nullable is written in 3.1) → X, so its fields can be listed. */
function withoutNull(doc: Json, value: unknown): unknown {
  const schema = resolveRef(doc, value);
  const options = alternatives(schema).filter((option) => !isNullSchema(doc, option));
  return options.length === 1 && alternatives(schema).length === 2 ? options[0] : value;
}

function isFileSchema(schema: Json): boolean {
  return (
    schema.format === 'binary' ||
    schema.format === 'byte' ||
    typeof schema.contentMediaType === 'string' ||
    schema.contentEncoding === 'binary'
  );
}

/** A bound worth showing: generators write ±MAX_SAFE_INTEGER for any integer, which says nothing. */
const bound = (value: unknown): number | null =>
  typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : null;

function range(min: unknown, max: unknown, unit: string): string {
  const low = bound(min);
  const high = bound(max);
  if (low !== null && high !== null) return `${low}–${high}${unit}`;
  if (low !== null && low > 0) return `≥ ${low}${unit}`;
  if (high !== null) return `≤ ${high}${unit}`;
  return '';
}

function scalarType(type: string, schema: Json): string {
  if (type === 'string') {
    if (isFileSchema(schema)) return 'file';
    const format = text(schema.format);
    const base = format ? `string (${format})` : 'string';
    const length = range(schema.minLength, schema.maxLength, ' characters');
    return length ? `${base}, ${length}` : base;
  }
  if (type === 'integer' || type === 'number') {
    const bounds = range(schema.minimum, schema.maximum, '');
    return bounds ? `${type}, ${bounds}` : type;
  }
  return type;
}

function union(parts: string[]): string {
  return [...new Set(parts)].join(' | ');
}

/** A short human type: `string (uuid)`, `integer, 1–100`, `"all" | "forms" | "files"`, `Member[]`, `string | null`. */
export function typeText(doc: Json, value: unknown, depth = 0): string {
  if (value === true || (isRecord(value) && Object.keys(value).length === 0)) return 'any';
  if (depth > 6) return 'object';
  const name = refName(value);
  const schema = resolveRef(doc, value);
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return union(schema.enum.map((v) => JSON.stringify(v)));
  const options = alternatives(schema);
  if (options.length > 0) return union(options.map((option) => typeText(doc, option, depth + 1)));
  const parts = list(schema.allOf);
  if (parts.length === 1) return name ?? typeText(doc, parts[0], depth + 1);
  if (parts.length > 1) return name ?? 'object';
  const types = Array.isArray(schema.type) ? schema.type.map(text) : [text(schema.type)];
  const shown = types.map((type) => {
    if (type === 'array') {
      const inner = typeText(doc, schema.items ?? {}, depth + 1);
      return inner.includes(' ') ? `(${inner})[]` : `${inner}[]`;
    }
    if (type === 'object' || (!type && isRecord(schema.properties))) return name ?? 'object';
    if (!type) return name ?? 'any';
    return scalarType(type, schema);
  });
  if (schema.nullable === true) shown.push('null');
  return union(shown);
}

/** The properties and required names of an object schema, `allOf` parts merged. */
function objectShape(doc: Json, value: unknown, depth = 0): { properties: Json; required: Set<string> } {
  const schema = resolveRef(doc, value);
  const properties: Json = { ...(isRecord(schema.properties) ? schema.properties : {}) };
  const required = new Set(list(schema.required).map(text));
  if (depth < MAX_REF_HOPS) {
    for (const part of list(schema.allOf)) {
      const shape = objectShape(doc, part, depth + 1);
      Object.assign(properties, shape.properties);
      shape.required.forEach((key) => required.add(key));
    }
  }
  return { properties, required };
}

function hasProperties(doc: Json, value: unknown): boolean {
  return Object.keys(objectShape(doc, value).properties).length > 0;
}

function defaultText(schema: Json): string | null {
  return 'default' in schema ? JSON.stringify(schema.default) : null;
}

/**
 * Every field of a schema as rows, nested objects and arrays of objects spelled with dots and `[]`
 * (`data[].email`); a top-level array lists its items' fields as `[].name`.
 */
export function schemaFields(doc: Json, value: unknown, prefix = '', depth = 0): SchemaField[] {
  const schema = resolveRef(doc, withoutNull(doc, value));
  if (schema.type === 'array' && depth === 0 && hasProperties(doc, withoutNull(doc, schema.items))) {
    return schemaFields(doc, schema.items, `${prefix}[].`, depth);
  }
  const { properties, required } = objectShape(doc, schema);
  const fields: SchemaField[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const resolved = resolveRef(doc, property);
    const name = `${prefix}${key}`;
    fields.push({
      name,
      type: typeText(doc, property),
      required: required.has(key),
      description: text(resolved.description),
      defaultValue: defaultText(resolved),
    });
    if (depth >= MAX_FIELD_DEPTH) continue;
    const inner = resolveRef(doc, withoutNull(doc, property));
    if (hasProperties(doc, inner)) fields.push(...schemaFields(doc, inner, `${name}.`, depth + 1));
    else if (inner.type === 'array' && hasProperties(doc, withoutNull(doc, inner.items)))
      fields.push(...schemaFields(doc, withoutNull(doc, inner.items), `${name}[].`, depth + 1));
  }
  return fields;
}

const EXAMPLE_STRINGS: Record<string, string> = {
  email: 'person@example.com',
  uuid: '00000000-0000-0000-0000-000000000000',
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  uri: 'https://example.com',
  url: 'https://example.com',
};

/** A value matching the schema, to prefill the try-it body: its own example or default, else a placeholder per type (`name` hints, e.g. `email`). */
export function exampleFromSchema(doc: Json, value: unknown, depth = 0, name = ''): unknown {
  const schema = resolveRef(doc, value);
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (depth > 5) return null;
  const options = alternatives(schema).filter((option) => !isNullSchema(doc, option));
  if (options.length > 0) return exampleFromSchema(doc, options[0], depth + 1, name);
  const type = Array.isArray(schema.type)
    ? (schema.type.map(text).find((t) => t !== 'null') ?? 'null')
    : text(schema.type);
  if (type === 'object' || (!type && (isRecord(schema.properties) || list(schema.allOf).length > 0))) {
    const { properties } = objectShape(doc, schema);
    return Object.fromEntries(
      Object.entries(properties).map(([key, property]) => [key, exampleFromSchema(doc, property, depth + 1, key)]),
    );
  }
  if (type === 'array') return [exampleFromSchema(doc, schema.items ?? {}, depth + 1)];
  if (type === 'string') return EXAMPLE_STRINGS[text(schema.format)] ?? EXAMPLE_STRINGS[name.toLowerCase()] ?? 'string';
  if (type === 'integer' || type === 'number') return bound(schema.minimum) ?? 0;
  if (type === 'boolean') return false;
  return null;
}

function readParameters(doc: Json, raw: unknown[]): ParameterField[] {
  return raw
    .map((item) => resolveRef(doc, item))
    .filter((p) => typeof p.name === 'string' && ['path', 'query', 'header', 'cookie'].includes(text(p.in)))
    .map((p) => {
      const schema = resolveRef(doc, p.schema);
      return {
        name: text(p.name),
        in: p.in as ParameterLocation,
        type: typeText(doc, p.schema ?? {}),
        required: p.in === 'path' || p.required === true,
        description: text(p.description) || text(schema.description),
        defaultValue: defaultText(schema),
      };
    });
}

/** Operation parameters override the path's own by name and location. */
function mergeParameters(pathLevel: ParameterField[], own: ParameterField[]): ParameterField[] {
  const key = (p: ParameterField) => `${p.in}:${p.name}`;
  const ownKeys = new Set(own.map(key));
  return [...pathLevel.filter((p) => !ownKeys.has(key(p))), ...own];
}

function pickContent(content: Json): [string, Json] | null {
  const types = Object.keys(content);
  const chosen =
    types.find((t) => t.startsWith('application/json')) ??
    types.find((t) => t.startsWith('multipart/form-data')) ??
    types[0];
  const media = chosen === undefined ? undefined : content[chosen];
  return chosen === undefined ? null : [chosen, isRecord(media) ? media : {}];
}

function readBody(doc: Json, raw: unknown): RequestBodyView | null {
  if (raw === undefined) return null;
  const body = resolveRef(doc, raw);
  const picked = pickContent(isRecord(body.content) ? body.content : {});
  if (!picked) return null;
  const [contentType, media] = picked;
  const multipart = contentType.startsWith('multipart/form-data');
  const { properties } = objectShape(doc, media.schema);
  const fileFields = Object.entries(properties)
    .filter(([, property]) => {
      const schema = resolveRef(doc, property);
      return isFileSchema(schema) || (schema.type === 'array' && isFileSchema(resolveRef(doc, schema.items)));
    })
    .map(([name]) => name);
  const example = 'example' in media ? media.example : exampleFromSchema(doc, media.schema ?? {});
  return {
    contentType,
    required: body.required === true,
    multipart,
    fields: schemaFields(doc, media.schema ?? {}),
    fileFields,
    example: multipart ? '' : JSON.stringify(example, null, 2),
  };
}

function readResponses(doc: Json, raw: unknown): ResponseView[] {
  if (!isRecord(raw)) return [];
  return Object.keys(raw)
    .sort()
    .map((status) => {
      const response = resolveRef(doc, raw[status]);
      const picked = pickContent(isRecord(response.content) ? response.content : {});
      return {
        status,
        description: text(response.description),
        fields: picked ? schemaFields(doc, picked[1].schema ?? {}) : [],
      };
    });
}

function serverUrl(doc: Json): string {
  const server = resolveRef(doc, list(doc.servers)[0]);
  const variables = isRecord(server.variables) ? server.variables : {};
  return text(server.url).replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isRecord(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
}

function readAuth(doc: Json): AuthScheme[] {
  const components = resolveRef(doc, doc.components);
  const schemes = isRecord(components.securitySchemes) ? components.securitySchemes : {};
  return Object.entries(schemes).map(([name, raw]) => {
    const scheme = resolveRef(doc, raw);
    let usage: string;
    if (scheme.type === 'http' && text(scheme.scheme).toLowerCase() === 'bearer')
      usage = `Authorization: Bearer <${text(scheme.bearerFormat) || 'token'}>`;
    else if (scheme.type === 'http') usage = `Authorization: ${text(scheme.scheme)} <credentials>`;
    else if (scheme.type === 'apiKey') usage = `${text(scheme.in)} ${text(scheme.name)}: <key>`;
    else usage = text(scheme.type);
    return { name, usage, description: text(scheme.description) };
  });
}

function authNeed(security: unknown[]): AuthNeed {
  if (security.length === 0) return 'none';
  return security.some((requirement) => !isRecord(requirement) || Object.keys(requirement).length === 0)
    ? 'optional'
    : 'required';
}

/** Whether one of the alternatives of a `security` list names the scheme. */
function opens(security: unknown[], scheme: string): boolean {
  return security.some((requirement) => isRecord(requirement) && scheme in requirement);
}

/**
 * The leading literal segments every path shares (`/v1` of `/v1/members` and `/v1/files/{id}`),
 * leaving each path at least one segment of its own; empty when they share none.
 */
function sharedBasePath(paths: readonly string[]): string {
  const split = paths.map((path) => path.split('/').filter(Boolean));
  const [first] = split;
  if (!first) return '';
  const shortest = Math.min(...split.map((segments) => segments.length));
  const shared: string[] = [];
  for (const [index, segment] of first.slice(0, shortest - 1).entries()) {
    if (segment.includes('{') || split.some((segments) => segments[index] !== segment)) break;
    shared.push(`/${segment}`);
  }
  return shared.join('');
}

export interface ReadOptions {
  /** Keep only the operations this security scheme opens (their own `security`, else the document's), and only it among the schemes. */
  securityScheme?: string;
}

/** Reads an OpenAPI 3.x document; throws when the value is not one. */
export function readOpenApi(value: unknown, options: ReadOptions = {}): ApiReference {
  if (
    !isRecord(value) ||
    typeof value.openapi !== 'string' ||
    !value.openapi.startsWith('3.') ||
    !isRecord(value.paths)
  ) {
    throw new Error('The API description is not an OpenAPI 3 document.');
  }
  const doc = value;
  const info = resolveRef(doc, doc.info);
  const documentAuth = authNeed(list(doc.security));
  const groups = new Map<string, TagGroup>();
  for (const tag of list(doc.tags)) {
    if (isRecord(tag) && typeof tag.name === 'string')
      groups.set(tag.name, { name: tag.name, description: text(tag.description), operations: [] });
  }
  const shown: Array<{ path: string; method: (typeof METHODS)[number]; item: Json; operation: Json }> = [];
  for (const [path, rawItem] of Object.entries(doc.paths as Json)) {
    const item = resolveRef(doc, rawItem);
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const security = Array.isArray(operation.security) ? operation.security : list(doc.security);
      if (options.securityScheme !== undefined && !opens(security, options.securityScheme)) continue;
      shown.push({ path, method, item, operation });
    }
  }
  const basePath = sharedBasePath(shown.map((entry) => entry.path));
  for (const { path: fullPath, method, item, operation } of shown) {
    const path = fullPath.slice(basePath.length);
    const tag = text(list(operation.tags)[0]) || UNTAGGED;
    const upper = method.toUpperCase() as HttpMethod;
    const view: OperationView = {
      key: text(operation.operationId) || `${upper} ${path}`,
      method: upper,
      path,
      summary: text(operation.summary),
      description: text(operation.description),
      tag,
      deprecated: operation.deprecated === true,
      auth: Array.isArray(operation.security) ? authNeed(operation.security) : documentAuth,
      parameters: mergeParameters(
        readParameters(doc, list(item.parameters)),
        readParameters(doc, list(operation.parameters)),
      ),
      body: readBody(doc, operation.requestBody),
      responses: readResponses(doc, operation.responses),
    };
    if (!groups.has(tag)) groups.set(tag, { name: tag, description: '', operations: [] });
    groups.get(tag)?.operations.push(view);
  }
  return {
    title: text(info.title),
    version: text(info.version),
    description: text(info.description),
    serverUrl: basePath ? `${serverUrl(doc).replace(/\/+$/, '')}${basePath}` : serverUrl(doc),
    auth: readAuth(doc).filter(
      (scheme) => options.securityScheme === undefined || scheme.name === options.securityScheme,
    ),
    groups: [...groups.values()].filter((group) => group.operations.length > 0),
    operationCount: shown.length,
  };
}
