export { useAddDomain, useDomains, usePlans, useRemoveDomain, useVerifyDomain } from './api';
export type { Plan } from './api';
export { cycleParam, planFeatures, planPrice } from './plans';
export type { BillingCycle } from './plans';
