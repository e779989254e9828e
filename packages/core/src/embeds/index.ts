/** A workspace's embedded tools. */
export * from './embeds';
