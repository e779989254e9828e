/*
 * Reading the API's own OpenAPI document (`GET /api/openapi.json`): every operation, its
 * parameters and body schema, how it is authenticated (`security`) and whether it acts in a
 * workspace (the `x-tenant-id` header), as api/src/openapi/operations.ts writes them.
 */

export type JsonSchema = Record<string, any>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, any>>;
  components: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, any>;
    responses?: Record<string, any>;
  };
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `GET /files/{id}`: method and path template relative to the server `/api`. */
  key: string;
  method: string;
  path: string;
  operationId: string;
  /** The security schemes any requirement names (`session`, `apiKey`); empty for none. */
  schemes: string[];
  /** Whether one requirement is empty: the call also works without credentials (signed links). */
  anonymousAllowed: boolean;
  /** Whether the call takes `x-tenant-id`, and whether it must. */
  tenantHeader: 'required' | 'optional' | 'none';
  /** Path and query parameters (headers other than x-tenant-id are not documented). */
  params: Parameter[];
  body?: { mediaType: 'application/json' | 'multipart/form-data'; schema: JsonSchema; required: boolean };
  /** The documented sentence of each error status. */
  refusals: Record<string, string>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function deref(doc: OpenApiDocument, value: any): any {
  if (value && typeof value === 'object' && typeof value.$ref === 'string') {
    const [, , section, name] = value.$ref.split('/') as [
      string,
      string,
      'schemas' | 'parameters' | 'responses',
      string,
    ];
    const target = doc.components[section]?.[name];
    if (!target) throw new Error(`The document refers to ${value.$ref}, which it does not define.`);
    return deref(doc, target);
  }
  return value;
}

/** The schema with every `$ref` replaced by what it names (the document has no recursive schemas). */
export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 20) throw new Error('The schema nests more than 20 levels: recursive $ref?');
  const resolved = deref(doc, schema);
  if (Array.isArray(resolved))
    return resolved.map((item) => resolveSchema(doc, item, depth + 1)) as unknown as JsonSchema;
  if (!resolved || typeof resolved !== 'object') return resolved;
  return Object.fromEntries(
    Object.entries(resolved).map(([key, value]) => [
      key,
      value && typeof value === 'object' ? resolveSchema(doc, value as JsonSchema, depth + 1) : value,
    ]),
  );
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const security: Array<Record<string, string[]>> = raw.security ?? [];
      const parameters: Parameter[] = (raw.parameters ?? []).map((p: any) => {
        const resolved = deref(doc, p);
        return {
          name: resolved.name,
          in: resolved.in,
          required: Boolean(resolved.required),
          schema: resolveSchema(doc, resolved.schema ?? {}),
        };
      });
      const tenant = parameters.find((p) => p.in === 'header' && p.name === 'x-tenant-id');
      const content = raw.requestBody?.content ?? {};
      const mediaType = Object.keys(content)[0] as 'application/json' | 'multipart/form-data' | undefined;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operationId: raw.operationId,
        schemes: [...new Set(security.flatMap((requirement) => Object.keys(requirement)))],
        anonymousAllowed:
          security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0),
        tenantHeader: tenant ? (tenant.required ? 'required' : 'optional') : 'none',
        params: parameters.filter((p) => p.in !== 'header'),
        body: mediaType
          ? {
              mediaType,
              schema: resolveSchema(doc, content[mediaType].schema ?? {}),
              required: Boolean(raw.requestBody.required),
            }
          : undefined,
        refusals: Object.fromEntries(
          Object.entries(raw.responses ?? {}).map(([status, response]) => [
            status,
            String(deref(doc, response)?.description ?? ''),
          ]),
        ),
      });
    }
  }
  return operations;
}
