/** A failure a person can act on: carries the HTTP status and the sentence to show. */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, code?: string) => new DomainError(400, message, code);
export const unauthorized = (message = 'You need to sign in.', code?: string) => new DomainError(401, message, code);
export const forbidden = (message = 'You are not allowed to do that.', code?: string) =>
  new DomainError(403, message, code);
export const notFound = (message = 'Not found.') => new DomainError(404, message);
export const conflict = (message: string, code?: string) => new DomainError(409, message, code);
