/** A workspace's files: uploads, listing, sharing, deletion, versions. */
export * from './files';
export * from './file-shares';
export * from './file-trash';
export * from './folders';
export * from './file-versions';
export * from './share-links';
