import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileBrowser } from '../../src/features/files/FileBrowser';
import type { PortalFile } from '../../src/features/files/api';
import { UploadCard } from '../../src/features/files/UploadCard';
import { droppedFiles } from '../../src/features/files/upload-queue/dropped-files';
import { useUploadQueue } from '../../src/features/files/upload-queue/use-upload-queue';
import type { Answer, AnswerTable, Call, UploadChannel } from '../fake-fetch';
import { renderApp, USER_ID } from './render-app';

/* Uploading many files at once: a queue sent a few at a time, each with progress, Cancel and Retry (issue 33). */

const TOO_LARGE = 'The file is larger than the 100 MB upload limit.';

const textFile = (name: string, text = 'hello') => new File([text], name, { type: 'text/plain' });

function storedFile(name: string): PortalFile {
  return {
    id: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
    title: name,
    original_name: name,
    content_type: 'text/plain',
    kind: 'document',
    size_bytes: 5,
    folder_id: null,
    file_url: '/api/files/x/download',
    user_id: USER_ID,
    user_email: 'cleo@client.test',
    assigned_roles: [],
    uploaded_by: USER_ID,
    uploaded_by_email: 'cleo@client.test',
    recipients_count: 1,
    status: 'new',
    created_at: '2026-11-01T10:00:00.000Z',
  };
}

interface HeldUpload {
  name: string;
  channel: UploadChannel;
  answer: (answer: Answer) => void;
}

/** A server that holds every upload until the test answers it, and lists the files stored so far. */
function heldServer() {
  const held: HeldUpload[] = [];
  const stored: PortalFile[] = [];
  const answers: AnswerTable = {
    'POST /api/files/upload': (call: Call, channel?: UploadChannel) => {
      if (!channel) throw new Error('Uploads go through XMLHttpRequest.');
      const name = (call.body as { file: string }).file;
      return new Promise<Answer>((resolve) =>
        held.push({
          name,
          channel,
          answer: (answer) => {
            if (answer.status === 201) stored.push(storedFile(name));
            resolve(answer);
          },
        }),
      );
    },
    'GET /api/files': () => ({ status: 200, body: { files: stored, next_cursor: null, total: stored.length } }),
    'GET /api/tenant-roles': { status: 200, body: { roles: [] } },
  };
  const upload = (name: string) => {
    const found = held.find((h) => h.name === name);
    if (!found) throw new Error(`${name} was not sent`);
    return found;
  };
  const store = (name: string) => act(() => upload(name).answer({ status: 201, body: storedFile(name) }));
  return { held, answers, upload, store };
}

function uploadPage(answers: AnswerTable) {
  return renderApp(
    <>
      <UploadCard tenantId="t1" mode="self" />
      <FileBrowser
        tenantId="t1"
        isAdmin={false}
        userId={USER_ID}
        filters={{ limit: 100 }}
        title="Your files"
        emptyMessage="No files yet."
      />
    </>,
    { answers },
  );
}

const uploads = () => within(screen.getByRole('region', { name: 'Uploads' }));
const row = (name: string) => {
  const found = uploads()
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(name));
  if (!found) throw new Error(`No row for ${name}`);
  return within(found);
};

describe('The upload queue', () => {
  it('sends several files three at a time, shows each one’s progress, and lists each file once stored', async () => {
    const server = heldServer();
    const { calls, user } = uploadPage(server.answers);
    await screen.findByText('No files yet.');
    const names = ['a.txt', 'bb.txt', 'ccc.txt', 'dddd.txt'];
    await user.upload(
      screen.getByLabelText('File'),
      names.map((name) => textFile(name)),
    );
    const chosen = within(screen.getByRole('list', { name: 'Files to upload' }));
    expect(chosen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      names.map((name) => `${name}5 BReadyRemove`),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(server.held.map((h) => h.name)).toEqual(['a.txt', 'bb.txt', 'ccc.txt']));
    expect(screen.queryByRole('list', { name: 'Files to upload' })).toBeNull();
    expect(row('dddd.txt').getByText('Waiting')).toBeTruthy();
    act(() => server.upload('a.txt').channel.progress(0.5));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading a.txt' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(row('a.txt').getByText('50%')).toBeTruthy();

    const listed = calls.filter((c) => c.path.startsWith('/api/files?')).length;
    server.store('a.txt');
    expect(await row('a.txt').findByText('Uploaded')).toBeTruthy();
    // A slot is free: the fourth file goes.
    await waitFor(() => expect(server.held).toHaveLength(4));
    expect(await screen.findByRole('button', { name: 'a.txt' })).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/files?')).length).toBeGreaterThan(listed);

    for (const name of names.slice(1)) server.store(name);
    expect(await screen.findByText('4 files uploaded')).toBeTruthy();
    for (const name of names) expect(row(name).getByText('Uploaded')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^[a-d]+\.txt$/ })).toHaveLength(4));

    await user.click(screen.getByRole('button', { name: 'Clear uploaded' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).toBeNull();
  });

  it('cancels a file being sent, which aborts its request, and sends it again on Retry', async () => {
    const server = heldServer();
    const { user } = uploadPage(server.answers);
    await user.upload(screen.getByLabelText('File'), textFile('brief.txt'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(server.held).toHaveLength(1));
    const first = server.held[0];

    await user.click(await screen.findByRole('button', { name: 'Cancel brief.txt' }));
    expect(await row('brief.txt').findByText('Cancelled')).toBeTruthy();
    expect(first?.channel.signal.aborted).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel brief.txt' })).toBeNull();

    // Keyboard users stay where they were: the button they pressed now offers Retry.
    const retry = row('brief.txt').getByRole('button', { name: 'Retry brief.txt' });
    expect(document.activeElement).toBe(retry);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.held).toHaveLength(2));
    const second = server.held[1];
    act(() => second?.answer({ status: 201, body: storedFile('brief.txt') }));
    expect(await row('brief.txt').findByText('Uploaded')).toBeTruthy();
    expect(await screen.findByText('File uploaded')).toBeTruthy();
  });

  it('shows the server’s sentence when it refuses a file, and Retry sends it again', async () => {
    let refuse = true;
    const { calls, user } = uploadPage({
      'POST /api/files/upload': (call) => {
        const name = (call.body as { file: string }).file;
        const answer = refuse ? { status: 413, body: { error: TOO_LARGE } } : { status: 201, body: storedFile(name) };
        refuse = false;
        return answer;
      },
      'GET /api/files': { status: 200, body: { files: [], next_cursor: null, total: 0 } },
      'GET /api/tenant-roles': { status: 200, body: { roles: [] } },
    });
    await user.upload(screen.getByLabelText('File'), textFile('scan.txt'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await row('scan.txt').findByText(TOO_LARGE)).toBeTruthy();
    expect(await screen.findByText(`Upload failed: ${TOO_LARGE}`)).toBeTruthy();

    await user.click(row('scan.txt').getByRole('button', { name: 'Retry scan.txt' }));
    expect(await row('scan.txt').findByText('Uploaded')).toBeTruthy();
    expect(row('scan.txt').queryByText(TOO_LARGE)).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});

/* A dropped folder as Chromium hands it over: entries, read through readers that give out batches. */

function fileEntry(file: File): FileSystemFileEntry {
  return {
    isFile: true,
    isDirectory: false,
    name: file.name,
    file: (resolve: (file: File) => void) => resolve(file),
  } as unknown as FileSystemFileEntry;
}

function folderEntry(name: string, ...batches: FileSystemEntry[][]): FileSystemDirectoryEntry {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      const left = [...batches, []];
      return { readEntries: (resolve: (entries: FileSystemEntry[]) => void) => resolve(left.shift() ?? []) };
    },
  } as unknown as FileSystemDirectoryEntry;
}

function dataTransferOf(entries: FileSystemEntry[]): DataTransfer {
  return {
    types: ['Files'],
    files: [],
    items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry, getAsFile: () => null })),
  } as unknown as DataTransfer;
}

function drop(data: DataTransfer) {
  const event = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: data });
  act(() => void document.body.dispatchEvent(event));
  return event;
}

const contracts = () =>
  folderEntry(
    'Contracts',
    [fileEntry(textFile('a.pdf')), folderEntry('2026', [fileEntry(textFile('b.pdf'))])],
    [fileEntry(textFile('c.pdf'))],
  );

describe('Dropped folders', () => {
  it('keep each file’s path inside the folder, through every batch of entries and subfolder', async () => {
    const files = await droppedFiles(dataTransferOf([contracts(), fileEntry(textFile('loose.txt'))]));
    expect(files.map((f) => [f.relativePath, f.file.name])).toEqual([
      ['Contracts/a.pdf', 'a.pdf'],
      ['Contracts/2026/b.pdf', 'b.pdf'],
      ['Contracts/c.pdf', 'c.pdf'],
      ['loose.txt', 'loose.txt'],
    ]);
  });

  it('hand the injected upload each file with its relative path', async () => {
    const sent: string[] = [];
    const { result } = renderHook(() =>
      useUploadQueue<{ folderId: string }>({
        upload: async (item) => {
          sent.push(`${item.target.folderId}:${item.relativePath}`);
        },
      }),
    );
    const files = await droppedFiles(dataTransferOf([contracts()]));
    act(() => result.current.add(files, { folderId: 'root' }));
    await waitFor(() => expect(result.current.items.every((item) => item.status === 'done')).toBe(true));
    expect(sent.sort()).toEqual(['root:Contracts/2026/b.pdf', 'root:Contracts/a.pdf', 'root:Contracts/c.pdf']);
  });

  it('dropped on the page are listed to upload under their paths', async () => {
    const { calls, user } = renderApp(<UploadCard tenantId="t1" mode="self" />, {
      answers: {
        'POST /api/files/upload': (call) => ({ status: 201, body: storedFile((call.body as { file: string }).file) }),
      },
    });
    const event = drop(dataTransferOf([contracts()]));
    expect(event.defaultPrevented).toBe(true);
    const chosen = within(await screen.findByRole('list', { name: 'Files to upload' }));
    await waitFor(() =>
      expect(chosen.getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual([
        'Contracts/a.pdf',
        'Contracts/2026/b.pdf',
        'Contracts/c.pdf',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Contracts/c.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('2 files uploaded')).toBeTruthy();
    expect(row('Contracts/2026/b.pdf').getByText('Uploaded')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { file: string }).file)).toEqual([
      'a.pdf',
      'b.pdf',
    ]);
  });
});
