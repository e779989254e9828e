import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generatedApiTypes } from '../generate-api-types';

describe("the web app's generated API types (frontend/src/lib/api/schema.ts)", () => {
  it('are what the current route declarations generate', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    // One assertion on the whole text: a diff of thousands of lines helps nobody, the command does.
    expect(committed === (await generatedApiTypes()), 'schema.ts is stale: run npm run api:types').toBe(true);
  }, 120_000);
});
