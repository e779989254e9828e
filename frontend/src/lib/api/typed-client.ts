import { activeTenantId, auth } from './client';
import { createClient } from './create-client';

/**
 * The web app's typed client (its own module so that pages which do not call it, such as sign-in,
 * do not load openapi-fetch).
 */
export const client = createClient(auth, activeTenantId);

export type { ApiAnswer, ApiBody, ApiSchema } from './create-client';
