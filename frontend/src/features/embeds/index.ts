export { AssignedPagesCard } from './AssignedPagesCard';
export { useVisibleEmbeds } from './api';
