/** A workspace's files: uploads, listing, sharing, deletion. */
export * from './files';
export * from './file-shares';
export * from './file-trash';
export * from './folders';
