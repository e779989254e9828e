import { randomUUID } from 'node:crypto';

/*
 * The fixed corpus: values known to have broken this kind of server, sent on every run
 * (deterministic), each with the label its failures are grouped under. The generated part
 * (generators.ts) adds random values of the same families.
 */

export interface Labelled<T = unknown> {
  label: string;
  value: T;
}

const l = <T>(label: string, value: T): Labelled<T> => ({ label, value });

const cursorOf = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/**
 * Names every plain object already answers to (`toString`, `constructor`, `__proto__`, …) and
 * `prototype`: sent as multipart field names, query parameter names and JSON keys, where a server
 * that collects input on plain objects reads an inherited property or replaces a prototype (issue 25).
 */
export const INHERITED_NAMES: readonly string[] = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

/** Flat names a nesting parser (qs, or a hand-made one) turns into a path to a prototype. */
export const POLLUTING_NAMES: readonly string[] = [
  '__proto__[polluted]',
  '__proto__.polluted',
  'constructor[prototype][polluted]',
  'constructor.prototype.polluted',
  'prototype[polluted]',
];

/** JSON objects that pollute a prototype when merged or assigned key by key into a plain object. */
export const POLLUTING_JSON: Labelled<Record<string, unknown>>[] = [
  // Parsed, so __proto__ is an own key as it is in a request body (a literal would set the prototype).
  l('key __proto__ holding an object', JSON.parse('{"__proto__":{"polluted":"fuzz"}}')),
  l('keys constructor.prototype', { constructor: { prototype: { polluted: 'fuzz' } } }),
  l('key prototype holding an object', { prototype: { polluted: 'fuzz' } }),
  l('key __proto__ holding an array', JSON.parse('{"__proto__":["fuzz"]}')),
];

/** Text that is valid JSON but that PostgreSQL, Unicode handling or length checks may refuse. */
export const BAD_STRINGS: Labelled<string>[] = [
  l('empty string', ''),
  l('blank string', '   '),
  l('lone surrogate', '\ud800'),
  l('lone surrogate inside text', 'ab\udfffcd'),
  l('NUL character', 'a\u0000b'),
  l('10k characters', 'a'.repeat(10_000)),
  l('10k two-byte characters', 'é'.repeat(10_000)),
  l('right-to-left override', '\u202Eevil.pdf\u202C'),
  l('Arabic text', 'مرحبا بالعالم'),
  l('combining characters', 'e\u0301\u0301\u0301\u0301\u0301z\u0351\u0352\u0353'),
  l('emoji ZWJ sequence', '👩‍👩‍👧‍👦🏳️‍🌈'),
  l('70 emoji', '🎉'.repeat(70)),
  l('60 CJK characters', '漢'.repeat(60)),
  l('control characters', '\u0001\u0007\u001b[31m\r\n\t'),
  l('SQL-looking text', "' OR 1=1; DROP TABLE users; --"),
  l('path traversal', '../../../../etc/passwd'),
  l('HTML', '<script>alert(1)</script>'),
  l('percent signs', '%%25%zz%'),
  l('NaN-like string', 'NaN'),
  l('Infinity-like string', '-Infinity'),
  l('huge number string', '1e309'),
  l('zero-width and BOM', '\uFEFF\u200B\u200D'),
  l('U+FFFF noncharacter', '\uFFFF\uFFFE'),
];

/** Numbers, and strings that look like numbers, for numeric fields. */
export const BAD_NUMBERS: Labelled[] = [
  l('huge number', 1e308),
  l('huge negative number', -1e308),
  l('beyond safe integer', Number.MAX_SAFE_INTEGER + 2),
  l('negative number', -1),
  l('zero', 0),
  l('fraction', 0.5),
  l('tiny fraction', 1e-9),
  l('NaN string', 'NaN'),
  l('Infinity string', 'Infinity'),
  l('numeric string', '25'),
  l('numeric string with junk', '12abc'),
  l('exponent string', '1e400'),
];

/** 36-character and other id look-alikes that are not UUIDs. */
export const BAD_IDS: Labelled<string>[] = [
  l('36 chars, not a UUID (z)', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'),
  l('36 chars, not a UUID (g)', '00000000-0000-0000-0000-00000000000g'),
  l('36 dashes', '-'.repeat(36)),
  l('36 letters', 'a'.repeat(36)),
  l('nil UUID', '00000000-0000-0000-0000-000000000000'),
  l('max UUID', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  l('unknown UUID', '6f1c4a52-8a3e-4b7e-9a61-3c0d2b9e7f10'),
  l('UUID with braces', `{${randomUUID()}}`),
  l('UUID without dashes', randomUUID().replaceAll('-', '')),
  l('number for id', '12345'),
];

/** URLs for URL fields: odd schemes and forms the zod check and the database may read differently. */
export const BAD_URLS: Labelled<string>[] = [
  l('URL scheme in capitals', 'HTTPS://example.test/x'),
  l('URL scheme mixed case', 'hTtPs://example.test/x'),
  l('URL without slashes', 'https:example.test/x'),
  l('URL with one slash', 'https:/example.test/x'),
  l('javascript: URL', 'javascript:alert(1)'),
  l('data: URL', 'data:text/html,<script>alert(1)</script>'),
  l('http URL', 'http://example.test/x'),
  l('URL with spaces', 'https://exa mple.test/x'),
  l('URL with credentials', 'https://user:pass@example.test/x'),
  l('URL to loopback', 'https://127.0.0.1/x'),
  l('URL to IPv6 loopback', 'https://[::1]/x'),
  l('URL with backslashes', 'https:\\\\example.test\\x'),
  l('URL with IDN host', 'https://bücher.test/x'),
  l('URL of 2 000+ chars', `https://example.test/${'x'.repeat(2100)}`),
  l('URL with whitespace around', '  https://example.test/x  '),
  l('ftp URL', 'ftp://example.test/x'),
];

/** Email-shaped values. */
export const BAD_EMAILS: Labelled<string>[] = [
  l('email in capitals', 'FUZZ.UPPER@EXAMPLE.TEST'),
  l('email without domain', 'nobody@'),
  l('email with unicode', 'jörg@bücher.test'),
  l('email of 320+ chars', `${'a'.repeat(64)}@${'b'.repeat(250)}.test`),
  l('email with quotes', '"a b"@example.test'),
  l('two emails', 'a@example.test, b@example.test'),
];

/** Cursors whose JSON decodes to a date PostgreSQL refuses, and other broken cursors. */
export function badCursors(id: string): Labelled<string>[] {
  return [
    l('cursor: February 30', cursorOf(['2024-02-30 10:00:00+00', id])),
    l('cursor: year 99999', cursorOf(['99999-01-01', id])),
    l('cursor: hour 25', cursorOf(['2024-01-01T25:00:00Z', id])),
    l('cursor: month 13', cursorOf(['2024-13-01 10:00:00+00', id])),
    l('cursor: date words', cursorOf(['Tue Feb 30 2024', id])),
    l('cursor: year 0', cursorOf(['0000-01-01 00:00:00+00', id])),
    l('cursor: huge offset', cursorOf(['2024-01-01 10:00:00+99', id])),
    l('cursor: bare number date', cursorOf(['1', id])),
    l('cursor: not a UUID', cursorOf(['2024-01-01 10:00:00+00', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'])),
    l('cursor: three items', cursorOf(['2024-01-01 10:00:00+00', id, 'x'])),
    l('cursor: numbers', cursorOf([1, 2])),
    l('cursor: object', cursorOf({ at: '2024-01-01', id })),
    l('cursor: not base64 JSON', '!!!not-a-cursor!!!'),
    l('cursor: 501 chars', 'A'.repeat(501)),
    l('cursor: lone surrogate date', cursorOf(['2024-01-01\ud800', id])),
  ];
}

/**
 * Path segments, written raw on the request line: malformed percent-encoding (Express decodes
 * parameters with decodeURIComponent), long ones, and dots.
 */
export const BAD_PATH_SEGMENTS: Labelled<string>[] = [
  l('path: lone %', '%'),
  l('path: truncated UTF-8 escape', '%E0%A4%A'),
  l('path: %zz', '%zz'),
  l('path: overlong UTF-8 slash', '%C0%AF'),
  l('path: encoded lone surrogate', '%ED%A0%80'),
  l('path: encoded NUL', '%00'),
  l('path: encoded slash', 'a%2Fb'),
  l('path: 5 000 characters', 'a'.repeat(5000)),
  l('path: dot', '.'),
  l('path: three dots', '...'),
  l('path: encoded dots', '%2e%2e'),
  l('path: emoji', '%F0%9F%8E%89'),
  l('path: 36 chars, not a UUID', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'),
  l('path: UUID with g', '00000000-0000-0000-0000-00000000000g'),
];

/** Raw query-string values (already encoded as they go on the wire). */
export const BAD_QUERY_RAW: Labelled<string>[] = [
  l('query: lone %', '%'),
  l('query: %zz', '%zz'),
  l('query: truncated UTF-8 escape', '%E0%A4%A'),
  l('query: encoded lone surrogate', '%ED%A0%80'),
  l('query: encoded NUL', '%00'),
];

/** `X-Forwarded-For` values (the API trusts the loopback proxy, so these reach `req.ip`). */
export const BAD_FORWARDED_FOR: Labelled<string>[] = [
  l('X-Forwarded-For of 500 characters', `${'9'.repeat(500)}`),
  l('X-Forwarded-For list of 500 characters', Array.from({ length: 40 }, (_, i) => `10.0.${i}.1`).join(', ')),
  l('X-Forwarded-For garbage', 'not an address; <script>'),
  l('X-Forwarded-For IPv6', '2001:db8::1'),
  l('X-Forwarded-For bracketed IPv6 with port', '[2001:db8::1]:443'),
  l('X-Forwarded-For IPv4-mapped IPv6', '::ffff:127.0.0.1'),
  l('X-Forwarded-For IPv6 with zone', 'fe80::1%eth0'),
  l('X-Forwarded-For with port', '203.0.113.9:8080'),
  l('X-Forwarded-For unknown', 'unknown'),
  l('X-Forwarded-For Latin-1', 'caf\u00e9'),
];

/** `x-tenant-id` values beyond the other tenant's id (added per world). */
export const BAD_TENANT_HEADERS: Labelled<string>[] = [
  l('x-tenant-id 36 chars, not a UUID', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'),
  l('x-tenant-id UUID with g', '00000000-0000-0000-0000-00000000000g'),
  l('x-tenant-id unknown UUID', '6f1c4a52-8a3e-4b7e-9a61-3c0d2b9e7f10'),
  l('x-tenant-id nil UUID', '00000000-0000-0000-0000-000000000000'),
  l('x-tenant-id 500 characters', 'x'.repeat(500)),
  l('x-tenant-id blank', ' '),
];

/** `Authorization` values. */
export const BAD_AUTHORIZATION: Labelled<string>[] = [
  l('Authorization: garbage bearer', 'Bearer garbage'),
  l('Authorization: JWT-shaped garbage', 'Bearer aaa.bbb.ccc'),
  l(
    'Authorization: alg none JWT',
    `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","sid":"y"}').toString('base64url')}.`,
  ),
  l('Authorization: API key shaped garbage', `Bearer ptk_${'A'.repeat(43)}`),
  l('Authorization: Basic', 'Basic dXNlcjpwYXNz'),
  l('Authorization: 8 KB token', `Bearer ${'a'.repeat(8000)}`),
];

/** Whole JSON bodies that are not the object the operation expects, and broken envelopes. */
export interface RawBody {
  label: string;
  contentType?: string;
  extraHeaders?: Record<string, string>;
  body: Buffer;
}

const raw = (
  label: string,
  body: string | Buffer,
  contentType = 'application/json',
  extraHeaders?: Record<string, string>,
): RawBody => ({
  label,
  contentType,
  extraHeaders,
  body: typeof body === 'string' ? Buffer.from(body) : body,
});

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

export const BAD_BODIES: RawBody[] = [
  raw('body: invalid JSON', '{"a":'),
  raw('body: JSON null', 'null'),
  raw('body: JSON string', '"text"'),
  raw('body: JSON array', '[]'),
  raw('body: JSON number', '42'),
  raw('body: 10 000-deep nesting', nested(10_000)),
  raw('body: __proto__ key', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'),
  raw('body: over 1 MB', `{"x":"${'a'.repeat(1_100_000)}"}`),
  raw('body: charset latin1', '{}', 'application/json; charset=latin1'),
  raw('body: charset utf-16', Buffer.from('{}', 'utf16le'), 'application/json; charset=utf-16'),
  raw('body: unknown Content-Encoding', '{}', 'application/json', { 'content-encoding': 'br2' }),
  raw('body: gzip that is not gzip', 'not gzip at all', 'application/json', { 'content-encoding': 'gzip' }),
  raw('body: BOM before JSON', '\uFEFF{}'),
  raw('body: invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
  raw('body: text/plain', 'hello', 'text/plain'),
  raw('body: urlencoded', 'a=1&b[c]=2', 'application/x-www-form-urlencoded'),
];
