export { useVisibleEmbeds } from './api';
