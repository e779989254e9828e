import { describe, expect, it } from 'vitest';
import { folderPathResolver } from '../../src/features/files/upload-queue/folder-paths';
import { fakeFetch, type Call } from '../fake-fetch';

/* Where a dropped folder's files go: the folders their paths name, found by name or made once. */

interface Folder {
  id: string;
  name: string;
  parent_id: string | null;
}

/** A server holding `folders`, answering the folder list and making folders as the API does. */
function folderServer(folders: Folder[]) {
  const calls = fakeFetch((call: Call) => {
    const url = new URL(call.path, 'http://portico.test');
    if (call.method === 'GET' && url.pathname === '/api/folders') {
      const parent = url.searchParams.get('parent_id');
      return {
        status: 200,
        body: { folder: null, breadcrumbs: [], folders: folders.filter((f) => f.parent_id === parent) },
      };
    }
    if (call.method === 'POST' && url.pathname === '/api/folders') {
      const body = call.body as { name: string; parent_id?: string };
      const folder = { id: `f${folders.length + 1}`, name: body.name, parent_id: body.parent_id ?? null };
      folders.push(folder);
      return { status: 201, body: { folder } };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
  return { calls, made: () => calls.filter((c) => c.method === 'POST').map((c) => c.body) };
}

describe('folderPathResolver', () => {
  it('puts a file with no folder in its path where it was dropped, asking nothing', async () => {
    const server = folderServer([]);
    const folderOf = folderPathResolver('t1');
    expect(await folderOf('root-id', 'brief.pdf')).toBe('root-id');
    expect(await folderOf(null, 'brief.pdf')).toBeNull();
    expect(server.calls).toHaveLength(0);
  });

  it('makes each folder a drop names once, even for files resolved side by side', async () => {
    const server = folderServer([]);
    const folderOf = folderPathResolver('t1');
    const found = await Promise.all([
      folderOf('top', 'Contracts/a.pdf'),
      folderOf('top', 'Contracts/b.pdf'),
      folderOf('top', 'Contracts/2026/c.pdf'),
    ]);
    expect(found).toEqual(['f1', 'f1', 'f2']);
    expect(server.made()).toEqual([
      { name: 'Contracts', parent_id: 'top' },
      { name: '2026', parent_id: 'f1' },
    ]);
  });

  it('uses a folder already there whatever its case, and asks again after a failure', async () => {
    const server = folderServer([{ id: 'old', name: 'contracts', parent_id: null }]);
    const folderOf = folderPathResolver('t1');
    expect(await folderOf(null, 'Contracts/a.pdf')).toBe('old');
    expect(server.made()).toEqual([]);

    fakeFetch(() => ({ status: 500, body: { error: 'Down for a moment.' } }));
    await expect(folderOf(null, 'Invoices/a.pdf')).rejects.toThrow('Down for a moment.');
    const again = folderServer([{ id: 'inv', name: 'Invoices', parent_id: null }]);
    expect(await folderOf(null, 'Invoices/a.pdf')).toBe('inv');
    expect(again.calls).toHaveLength(1);
  });
});
