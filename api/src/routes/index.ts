import type { RouteGroup } from '../http/route';
import { buildOpenApiDocument, type OpenApiDocument } from '../openapi';
import { apiKeyRoutes } from './api-keys';
import { invitationAcceptRoutes, invitationLinkRoutes, profileRoutes, publicAuthRoutes, sessionRoutes } from './auth';
import { billingRoutes, billingWebhookRoutes } from './billing';
import { superBillingRoutes } from './billing-dunning';
import { brandRoutes, publicBrandRoutes } from './brand';
import { dashboardRoutes } from './dashboard';
import { domainRoutes, siteRoutes } from './domains';
import { emailVerificationRoutes } from './email-verification';
import { embedRoutes } from './embeds';
import { fileDownloadRoutes } from './file-downloads';
import { fileVersionRoutes } from './file-versions';
import { fileRoutes } from './files';
import { folderRoutes } from './folders';
import { impersonationConsoleRoutes, impersonationSessionRoutes, securityActivityRoutes } from './impersonation';
import { formRoutes } from './forms';
import { systemRoutes } from './health';
import { peopleRoutes } from './people';
import { jobRoutes } from './jobs';
import { magicLinkRoutes } from './magic-links';
import { metricsRoutes } from './metrics';
import { alertmanagerRoutes } from './alertmanager';
import { bannerRoutes, notificationRoutes } from './notifications';
import { planRoutes } from './plans';
import { revenueRoutes } from './revenue';
import { onboardingEventRoutes, onboardingRoutes, publicOnboardingRoutes } from './onboarding';
import { searchRoutes } from './search';
import { publicShareLinkRoutes, shareLinkRoutes } from './share-links';
import { identityRoutes, signInProviderRoutes } from './sign-in-providers';
import { flagRoutes, settingsRoutes } from './settings';
import { superRoutes } from './super';
import { superUserRoutes } from './super-users';
import { superIntegrationRoutes } from './super-integrations';
import { inboxRoutes, inboxUnsubscribeRoutes, platformInboxRoutes } from './inbox';
import { messageSettingsRoutes } from './message-settings';
import { threadRoutes } from './threads';
import { tenantSlackRoutes } from './tenant-slack';
import { twoFactorAccountRoutes, twoFactorSignInRoutes } from './two-factor';
import { webhookRoutes } from './webhooks';
import { workspaceRoutes } from './workspace';
import { workspaceSsoRoutes, workspaceSsoSignInRoutes } from './workspace-sso';

let builtDocument: OpenApiDocument | null = null;

/** What `GET /openapi.json` answers: the document of the list below, built once per process, on first ask. */
function openApiDocument(): OpenApiDocument {
  builtDocument ??= buildOpenApiDocument(WEB_APP_ROUTES);
  return builtDocument;
}

/**
 * Every declared route group of the web app, in the order Express tries them (a literal path
 * such as `/files/download.zip` before `/files/:id`). The OpenAPI document is built from this list.
 * The workspace's settings come first: every page of the portal reads them.
 */
export const WEB_APP_ROUTES: readonly RouteGroup[] = [
  workspaceRoutes,
  brandRoutes,
  publicBrandRoutes,
  dashboardRoutes,
  searchRoutes,
  embedRoutes,
  formRoutes,
  fileDownloadRoutes,
  fileRoutes,
  folderRoutes,
  fileVersionRoutes,
  shareLinkRoutes,
  publicShareLinkRoutes,
  threadRoutes,
  messageSettingsRoutes,
  inboxRoutes,
  platformInboxRoutes,
  inboxUnsubscribeRoutes,
  webhookRoutes,
  apiKeyRoutes,
  tenantSlackRoutes,
  workspaceSsoRoutes,
  billingRoutes,
  billingWebhookRoutes,
  domainRoutes,
  siteRoutes,
  peopleRoutes,
  securityActivityRoutes,
  planRoutes,
  publicAuthRoutes,
  signInProviderRoutes,
  workspaceSsoSignInRoutes,
  identityRoutes,
  magicLinkRoutes,
  emailVerificationRoutes,
  sessionRoutes,
  profileRoutes,
  invitationLinkRoutes,
  invitationAcceptRoutes,
  superRoutes,
  superBillingRoutes,
  superIntegrationRoutes,
  impersonationConsoleRoutes,
  superUserRoutes,
  impersonationSessionRoutes,
  metricsRoutes,
  revenueRoutes,
  jobRoutes,
  settingsRoutes,
  flagRoutes,
  bannerRoutes,
  notificationRoutes,
  alertmanagerRoutes,
  systemRoutes(openApiDocument),
  twoFactorSignInRoutes,
  twoFactorAccountRoutes,
  publicOnboardingRoutes,
  onboardingRoutes,
  onboardingEventRoutes,
];
