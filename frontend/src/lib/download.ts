/** Hands bytes fetched with the session (a CSV export) to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the object URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
