import type { Request } from 'express';

/** A cookie the browser sent, by name (the API keeps no session in cookies; these bind a flow to the browser that began it). */
export function cookieOf(req: Request, name: string): string | undefined {
  for (const pair of (req.get('cookie') ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
