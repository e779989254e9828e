import { ApiError } from '../../lib/api/http';

export type WorkspaceBlock = 'tenant_suspended' | 'membership_suspended' | 'sso_required';

const BLOCKS: readonly string[] = ['tenant_suspended', 'membership_suspended', 'sso_required'];

/** The API's 403 codes that close a whole workspace to the user (docs/api.md). */
export function workspaceBlock(error: unknown): WorkspaceBlock | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  return error.code && BLOCKS.includes(error.code) ? (error.code as WorkspaceBlock) : null;
}
