export { InboxBell } from './InboxBell';
