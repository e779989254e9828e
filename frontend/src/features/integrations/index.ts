export { usePlatformSwitches } from './api';
