import * as foundation from './0001-foundation';
import * as files from './0002-files';
import * as embeds from './0003-embeds';
import * as people from './0004-people';
import * as search from './0005-search';
import * as forms from './0006-forms';
import * as integrations from './0007-integrations';
import * as invitations from './0008-invitations';
import * as billingDomains from './0009-billing-domains';
import * as impersonation from './0010-impersonation';
import * as notifications from './0011-notifications';
import * as tenantLifecycle from './0012-tenant-lifecycle';
import * as globalIntegrations from './0014-global-integrations';
import * as settings from './0015-settings';
import * as twoFactor from './0016-two-factor';
import * as onboarding from './0017-onboarding';
import * as emailMessageId from './0018-email-message-id';
import * as domainClaims from './0019-domain-claims';
import * as billingLifecycle from './0020-billing-lifecycle';
import * as subscriptionCycleAmount from './0021-subscription-cycle-amount';
import * as jobOutbox from './0023-job-outbox';
import * as userIdentities from './0024-user-identities';
import * as emailSignIn from './0025-email-sign-in';
import * as workspaceSso from './0026-workspace-sso';
import * as providerButtons from './0027-provider-buttons';
import * as heldClientMail from './0028-held-client-mail';
import * as messageThreads from './0029-message-threads';
import * as messageEmails from './0030-message-emails';
import * as fileTrash from './0031-file-trash';
import * as inbox from './0032-inbox';
import * as inboxEmail from './0033-inbox-email';
import * as folders from './0034-folders';
import * as fileVersions from './0035-file-versions';
import * as fileShareLinks from './0036-file-share-links';
import * as inboxDigests from './0037-inbox-digests';

/** Every migration in order; a new one is appended here. */
export const migrations = [
  { name: '0001-foundation', ...foundation },
  { name: '0002-files', ...files },
  { name: '0003-embeds', ...embeds },
  { name: '0004-people', ...people },
  { name: '0005-search', ...search },
  { name: '0006-forms', ...forms },
  { name: '0007-integrations', ...integrations },
  { name: '0008-invitations', ...invitations },
  { name: '0009-billing-domains', ...billingDomains },
  { name: '0010-impersonation', ...impersonation },
  { name: '0011-notifications', ...notifications },
  { name: '0012-tenant-lifecycle', ...tenantLifecycle },
  { name: '0014-global-integrations', ...globalIntegrations },
  { name: '0015-settings', ...settings },
  { name: '0016-two-factor', ...twoFactor },
  { name: '0017-onboarding', ...onboarding },
  { name: '0018-email-message-id', ...emailMessageId },
  { name: '0019-domain-claims', ...domainClaims },
  { name: '0020-billing-lifecycle', ...billingLifecycle },
  { name: '0021-subscription-cycle-amount', ...subscriptionCycleAmount },
  { name: '0023-job-outbox', ...jobOutbox },
  { name: '0024-user-identities', ...userIdentities },
  { name: '0025-email-sign-in', ...emailSignIn },
  { name: '0026-workspace-sso', ...workspaceSso },
  { name: '0027-provider-buttons', ...providerButtons },
  { name: '0028-held-client-mail', ...heldClientMail },
  { name: '0029-message-threads', ...messageThreads },
  { name: '0030-message-emails', ...messageEmails },
  { name: '0031-file-trash', ...fileTrash },
  { name: '0032-inbox', ...inbox },
  { name: '0033-inbox-email', ...inboxEmail },
  { name: '0034-folders', ...folders },
  { name: '0035-file-versions', ...fileVersions },
  { name: '0036-file-share-links', ...fileShareLinks },
  { name: '0037-inbox-digests', ...inboxDigests },
];
