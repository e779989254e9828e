export { DomainList } from './DomainList';
export { BrandColourFields } from './BrandColourFields';
