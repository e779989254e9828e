export { ThreadPanel } from './ThreadPanel';
export { useUnreadCount } from './unread';
