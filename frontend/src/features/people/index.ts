export { InviteResultView } from './InviteResultView';
