/** Messages between a workspace's team and its clients: threads, their messages, read state. */
export * from './messages';
export * from './participants';
export * from './message-emails';
export * from './retention';
