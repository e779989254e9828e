/** Owner sign-up and the setup wizard, up to a provisioned workspace. */
export * from './onboarding';
