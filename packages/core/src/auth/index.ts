/** Who a request is: accounts, sessions and their cache, two-factor sign-in, password resets. */
export * from './account';
export * from './auth-types';
export * from './sessions';
export * from './session-cache';
export * from './two-factor';
export * from './password-reset';
export * from './magic-links';
export * from './email-verification';
export * from './users';
export * from './sign-in-provider-settings';
export * from './sign-in-providers';
export * from './identities';
export * from './workspace-sso';
