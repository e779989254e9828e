import { PASSWORD_MIN_LENGTH } from '@portico/common';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_SHAPE.test(value.trim());
}

export function isLongEnoughPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH;
}

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_LENGTH_HELP = `At least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORDS_MUST_MATCH = 'Passwords must match';

/** Empty is allowed (the field is optional); otherwise an http(s) address, as the API requires. */
export function isOptionalHttpUrl(value: string): boolean {
  const trimmed = value.trim();
  if (!trimmed) return true;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const LINKEDIN_INVALID = 'Enter a full link starting with https://';
