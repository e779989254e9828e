import { client } from '../../../lib/api/typed-client';

/** Finds the folder a dropped file goes in from its relative path, making the folders it names. */
export type FolderPathResolver = (parentId: string | null, relativePath: string) => Promise<string | null>;

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * The folders of one drop, made as its files upload: `Contracts/2026/a.pdf` dropped in folder F goes
 * in F › Contracts › 2026, each found by name (folder names are unique whatever their case) or made
 * with no audience of its own, so it is shared as the folder it is in. Files uploading side by side
 * share one request per folder; a failed one is asked again on Retry.
 */
export function folderPathResolver(tenantId: string): FolderPathResolver {
  const known = new Map<string, Promise<string>>();

  async function findOrMake(parentId: string | null, name: string): Promise<string> {
    const parent = parentId ?? undefined;
    const { folders } = await client.GET('/folders', { params: { query: { parent_id: parent } }, tenantId });
    const existing = folders.find((folder) => sameName(folder.name, name));
    if (existing) return existing.id;
    const { folder } = await client.POST('/folders', { body: { name, parent_id: parent }, tenantId });
    return folder.id;
  }

  function child(parentId: string | null, name: string): Promise<string> {
    const key = `${parentId ?? ''}/${name.toLocaleLowerCase()}`;
    const pending = known.get(key) ?? findOrMake(parentId, name);
    known.set(key, pending);
    pending.catch(() => known.delete(key));
    return pending;
  }

  return async (parentId, relativePath) => {
    let folderId = parentId;
    for (const name of relativePath.split('/').slice(0, -1).filter(Boolean)) folderId = await child(folderId, name);
    return folderId;
  };
}
