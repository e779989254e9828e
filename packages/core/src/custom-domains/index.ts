/** A workspace's own domains: claims, verification, certificates and lapsed claims. Uses integrations (mail) and tenancy. */
export * from './domains';
export { verifiedOwnerOf } from './custom-domains-data';
