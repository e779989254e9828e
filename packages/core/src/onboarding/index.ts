/** Owner sign-up and the setup wizard, up to a provisioned workspace. */
export * from './wizard';
export * from './checkout';
export * from './provision-workspace';
export * from './events';
// The wrapper of a step and the locked reads of the state stay inside the domain.
export {
  ALREADY_PROVISIONING,
  capabilitiesOf,
  checkoutRequired,
  NOT_SIGNING_UP,
  onboardingStep,
  workspaceLoginUrl,
} from './state';
// Reading the state and writing an event are data access alone, so they are the data file's.
export {
  findOnboarding,
  recordOnboardingEvent,
  type OnboardingAction,
  type OnboardingEventFilters,
} from './onboarding-data';
