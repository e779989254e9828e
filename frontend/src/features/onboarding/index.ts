export { onboardingKeys, startOnboarding, useOnboardingEvents, verifyCheckout } from './api';
