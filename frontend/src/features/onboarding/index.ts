export { onboardingKeys, startOnboarding, useOnboardingEvents, verifyCheckout } from './api';
export type { OnboardingEventFilters } from './api';
