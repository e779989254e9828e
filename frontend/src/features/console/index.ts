export { CommandPalette } from './CommandPalette';
export { LiveProvider } from './LiveProvider';
export { useOverview } from './api/console';
