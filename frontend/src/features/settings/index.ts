export { DomainList } from './DomainList';
