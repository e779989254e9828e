export { HeaderSearch } from './HeaderSearch';
