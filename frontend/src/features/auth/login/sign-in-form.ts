import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@portico/common';
import type { z } from 'zod';

export type SignInFields = z.input<typeof loginBody>;
export type Credentials = z.output<typeof loginBody>;

/** The API's own checks of a sign-in: both filled, the email trimmed. */
export const signInResolver = zodResolver(loginBody);
