import type { OperationView, ParameterField } from './openapi';

/** What a person typed into one operation's try-it view. */
export interface TryItInputs {
  apiKey: string;
  /** Parameter values by `paramKey()`. */
  params: Record<string, string>;
  /** The JSON body text (JSON bodies). */
  body: string;
  /** Text fields of a multipart body, by field name. */
  formFields: Record<string, string>;
  /** Files of a multipart body, by field name. */
  files: Record<string, Blob | null>;
}

export interface TryItRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | FormData | undefined;
}

export type BuiltRequest = { ok: true; request: TryItRequest } | { ok: false; error: string };

export const emptyInputs = (): TryItInputs => ({ apiKey: '', params: {}, body: '', formFields: {}, files: {} });

export const paramKey = (param: Pick<ParameterField, 'in' | 'name'>): string => `${param.in}:${param.name}`;

/** The server URL made absolute against the page (`/api/v1` → `https://portal.example.com/api/v1`), without a trailing slash. */
export function resolveBaseUrl(serverUrl: string, pageOrigin: string): string {
  try {
    return new URL(serverUrl || '/', pageOrigin).href.replace(/\/+$/, '');
  } catch {
    return pageOrigin.replace(/\/+$/, '');
  }
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function fillPath(operation: OperationView, params: Record<string, string>): { path: string; missing: string | null } {
  let missing: string | null = null;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = (params[paramKey({ in: 'path', name })] ?? '').trim();
    if (!value) missing ??= name;
    return encodeURIComponent(value);
  });
  return { path, missing };
}

function jsonProblem(textBody: string): string | null {
  try {
    JSON.parse(textBody);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : 'invalid JSON';
  }
}

/** The request the try-it view sends, or the first thing that is missing or malformed. */
export function buildTryItRequest(operation: OperationView, baseUrl: string, inputs: TryItInputs): BuiltRequest {
  const apiKey = inputs.apiKey.trim();
  if (operation.auth === 'required' && !apiKey) return { ok: false, error: 'Enter an API key to send the request.' };

  const { path, missing } = fillPath(operation, inputs.params);
  if (missing) return { ok: false, error: `Enter a value for ${missing}.` };

  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const param of operation.parameters) {
    if (param.in === 'path' || param.in === 'cookie') continue;
    const value = (inputs.params[paramKey(param)] ?? '').trim();
    if (!value) {
      if (param.required) return { ok: false, error: `Enter a value for ${param.name}.` };
      continue;
    }
    if (param.in === 'query') query.append(param.name, value);
    else headers[param.name.toLowerCase()] = value;
  }
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;

  let body: TryItRequest['body'];
  const spec = operation.body;
  if (spec?.multipart) {
    const form = new FormData();
    for (const field of spec.fields) {
      if (field.name.includes('.') || field.name.includes('[')) continue;
      if (spec.fileFields.includes(field.name)) {
        const file = inputs.files[field.name] ?? null;
        if (file) form.append(field.name, file);
        else if (field.required) return { ok: false, error: `Choose a file for ${field.name}.` };
        continue;
      }
      const value = (inputs.formFields[field.name] ?? '').trim();
      if (value) form.append(field.name, value);
      else if (field.required) return { ok: false, error: `Enter a value for ${field.name}.` };
    }
    // The browser sets the multipart content type with its boundary.
    body = form;
  } else if (spec) {
    const textBody = inputs.body.trim();
    if (textBody) {
      const problem = jsonProblem(textBody);
      if (problem) return { ok: false, error: `The request body is not valid JSON: ${problem}` };
      headers['content-type'] = spec.contentType;
      body = textBody;
    } else if (spec.required) {
      return { ok: false, error: 'Enter a JSON request body.' };
    }
  }

  const search = query.toString();
  const url = joinUrl(baseUrl, path) + (search ? `?${search}` : '');
  return { ok: true, request: { method: operation.method, url, headers, body } };
}

const HEADERS_OF_INTEREST = /^(ratelimit(-.*)?|retry-after|content-type|location)$/i;

/** The answer's headers worth showing (RateLimit-*, Retry-After, Content-Type, Location), names lower-cased and sorted. */
export function headersOfInterest(headers: Iterable<[string, string]>): Array<[string, string]> {
  return [...headers]
    .filter(([name]) => HEADERS_OF_INTEREST.test(name))
    .map(([name, value]): [string, string] => [name.toLowerCase(), value])
    .sort(([a], [b]) => a.localeCompare(b));
}

/** Whether an answer can be shown as text (JSON, text, XML); anything else is summarised. */
export function isTextual(contentType: string | null): boolean {
  const type = (contentType ?? '').toLowerCase();
  return type === '' || type.startsWith('text/') || /json|xml|javascript|x-www-form-urlencoded/.test(type);
}

/** In place of a binary answer's bytes. */
export function binarySummary(contentType: string | null, bytes: number): string {
  return `Binary answer (${contentType || 'unknown type'}, ${bytes.toLocaleString('en')} ${bytes === 1 ? 'byte' : 'bytes'}).`;
}

/** JSON answers pretty-printed with two-space indents; anything else as it came. */
export function formatResponseBody(body: string, contentType: string | null): string {
  const looksJson = (contentType ?? '').includes('json') || /^\s*[[{]/.test(body);
  if (!looksJson || !body.trim()) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
