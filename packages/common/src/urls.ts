/**
 * The one written form of a web address: its WHATWG URL serialisation, so `HTTPS://Example.com`
 * becomes `https://example.com/` and `https:example.com/x` becomes `https://example.com/x`. Every
 * URL the API stores goes through this, so what its checks accepted is what the database's
 * constraints, the outbound guard and the browser later read. Null when the text is not an
 * absolute http(s) address.
 */
export function normalizeHttpUrl(text: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(text.trim());
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
}
