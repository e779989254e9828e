import { SIGN_IN_PROVIDER_ERRORS, type SignInProviderError } from '@portico/common';
import { Alert } from '../../../ui/Alert';

const isProviderError = (reason: string): reason is SignInProviderError =>
  Object.hasOwn(SIGN_IN_PROVIDER_ERRORS, reason);

/** Why a provider sign-in came back without a session (`/login?oauth_error=<reason>`), in the API's sentence. */
export function ProviderErrorAlert({ reason }: { reason: string }) {
  return <Alert tone="error">{SIGN_IN_PROVIDER_ERRORS[isProviderError(reason) ? reason : 'oauth_failed']}</Alert>;
}
