/** A workspace's forms and their responses. */
export * from './forms';
