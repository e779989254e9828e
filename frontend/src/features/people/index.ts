export { InviteResultView } from './InviteResultView';
export { RoleOptions } from './RoleOptions';
