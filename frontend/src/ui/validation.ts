import { PASSWORD_MIN_LENGTH } from '@portico/common';

/* Client-only sentences: the rules themselves are the API's schemas from @portico/common. */

export const PASSWORD_LENGTH_HELP = `At least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORDS_MUST_MATCH = 'Passwords must match';
