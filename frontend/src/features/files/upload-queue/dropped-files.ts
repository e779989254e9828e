import type { ChosenFile } from './use-upload-queue';

/** Files picked in a file input: by name, or by their path inside a picked folder. */
export function pickedFiles(list: FileList | null): ChosenFile[] {
  return Array.from(list ?? [], (file) => ({ file, relativePath: file.webkitRelativePath || file.name }));
}

const isFileEntry = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectoryEntry = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Every entry of a folder: a reader hands them out a batch at a time (100 in Chromium) until an empty batch. */
async function entriesOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const entries: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return entries;
    entries.push(...batch);
  }
}

/** The files under an entry, each with its path from the dropped folder (`Contracts/2026/a.pdf`). */
async function filesUnder(entry: FileSystemEntry, folderPath: string): Promise<ChosenFile[]> {
  const relativePath = folderPath ? `${folderPath}/${entry.name}` : entry.name;
  if (isFileEntry(entry)) return [{ file: await fileOf(entry), relativePath }];
  if (!isDirectoryEntry(entry)) return [];
  const children = await entriesOf(entry);
  return (await Promise.all(children.map((child) => filesUnder(child, relativePath)))).flat();
}

/**
 * The files of a drop, folders read through all their subfolders. The entries are taken before the
 * first await: the browser empties the DataTransfer once the drop event's handlers have run.
 */
export async function droppedFiles(data: DataTransfer): Promise<ChosenFile[]> {
  const dropped = Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => ({ entry: item.webkitGetAsEntry(), file: item.getAsFile() }));
  if (dropped.length === 0) return pickedFiles(data.files);
  const found = await Promise.all(
    dropped.map(({ entry, file }) => {
      if (entry) return filesUnder(entry, '');
      return file ? [{ file, relativePath: file.name }] : [];
    }),
  );
  return found.flat();
}

/** Whether a drag carries files (not text or a link dragged from the page). */
export const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
