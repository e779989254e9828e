import type { ApiKey } from '@portico/core';

/** An API key as its list shows it: never the key itself nor its hash. */
export function presentApiKey(key: ApiKey) {
  return {
    id: key.id,
    label: key.label,
    key_prefix: key.key_prefix,
    created_at: key.created_at.toISOString(),
    last_used_at: key.last_used_at ? key.last_used_at.toISOString() : null,
  };
}
