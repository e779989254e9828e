import { SIGN_IN_PROVIDER_ERRORS, WORKSPACE_SSO_ERRORS } from '@portico/common';
import { Alert } from '../../../ui/Alert';

/** The platform providers' reasons and a workspace single sign-on's own. */
const SENTENCES: Record<string, string> = { ...SIGN_IN_PROVIDER_ERRORS, ...WORKSPACE_SSO_ERRORS };

/** Why a provider sign-in came back without a session (`/login?oauth_error=<reason>`), in the API's sentence. */
export function ProviderErrorAlert({ reason }: { reason: string }) {
  return (
    <Alert tone="error">
      {Object.hasOwn(SENTENCES, reason) ? SENTENCES[reason] : SIGN_IN_PROVIDER_ERRORS.oauth_failed}
    </Alert>
  );
}
