/** Search across a workspace's files, forms, embeds and people. */
export * from './search';
