import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { PageSkeleton } from '../ui/Skeleton';
import { HomePage } from '../features/landing/HomePage';
import { LoginPage } from '../features/auth/login/LoginPage';
import type { PageId } from '../lib/routes/table';

/**
 * A page whose code is fetched on its first visit, behind the page skeleton. Only sign-in, the
 * page most visits start on, stays in the first load.
 */
function lazyPage(load: () => Promise<ComponentType>): ReactNode {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}

/** The page behind each PageId of the route table. */
export const PAGES: Record<PageId, ReactNode> = {
  login: <LoginPage />,
  magicLink: lazyPage(async () => (await import('../features/auth/login/MagicLinkPage')).MagicLinkPage),
  signup: lazyPage(async () => (await import('../features/auth/signup/SignupPage')).SignupPage),
  resetPassword: lazyPage(
    async () => (await import('../features/auth/reset-password/ResetPasswordPage')).ResetPasswordPage,
  ),
  verifyEmail: lazyPage(async () => (await import('../features/auth/verify-email/VerifyEmailPage')).VerifyEmailPage),
  unsubscribe: lazyPage(async () => (await import('../features/inbox/UnsubscribePage')).UnsubscribePage),
  shareLink: lazyPage(async () => (await import('../features/share-link/ShareLinkPage')).ShareLinkPage),
  completeProfile: lazyPage(
    async () => (await import('../features/auth/complete-profile/CompleteProfilePage')).CompleteProfilePage,
  ),
  adminDashboard: lazyPage(async () => (await import('../features/dashboard/AdminDashboardPage')).AdminDashboardPage),
  adminSettings: lazyPage(async () => (await import('../features/settings/AdminSettingsPage')).AdminSettingsPage),
  memberDashboard: lazyPage(
    async () => (await import('../features/dashboard/MemberDashboardPage')).MemberDashboardPage,
  ),
  memberSettings: lazyPage(async () => (await import('../features/settings/SettingsPage')).SettingsPage),
  embedManager: lazyPage(async () => (await import('../features/embeds/EmbedManagerPage')).EmbedManagerPage),
  embed: lazyPage(async () => (await import('../features/embeds/EmbedPage')).EmbedPage),
  people: lazyPage(async () => (await import('../features/people/PeoplePage')).PeoplePage),
  files: lazyPage(async () => (await import('../features/files/FilesPage')).FilesPage),
  myFiles: lazyPage(async () => (await import('../features/files/MyFilesPage')).MyFilesPage),
  messages: lazyPage(async () => (await import('../features/messages/MessagesPage')).MessagesPage),
  adminFiles: lazyPage(async () => (await import('../features/files/AdminFilesPage')).AdminFilesPage),
  formManagement: lazyPage(
    async () => (await import('../features/forms/manage/FormManagementPage')).FormManagementPage,
  ),
  formResponses: lazyPage(
    async () => (await import('../features/forms/responses/FormResponsesPage')).FormResponsesPage,
  ),
  assignRoles: lazyPage(async () => (await import('../features/forms/assign/AssignRolesPage')).AssignRolesPage),
  formBuilder: lazyPage(async () => (await import('../features/forms/builder/FormBuilderPage')).FormBuilderPage),
  formFill: lazyPage(async () => (await import('../features/forms/fill/FormFillPage')).FormFillPage),
  integrations: lazyPage(async () => (await import('../features/integrations/IntegrationsPage')).IntegrationsPage),
  billing: lazyPage(async () => (await import('../features/billing/BillingPage')).BillingPage),
  missionControl: lazyPage(async () => (await import('../features/console/MissionControlPage')).MissionControlPage),
  tenants: lazyPage(async () => (await import('../features/console/TenantsPage')).TenantsPage),
  userManagement: lazyPage(
    async () => (await import('../features/console/users/UserManagementPage')).UserManagementPage,
  ),
  appHealth: lazyPage(async () => (await import('../features/console/AppHealthPage')).AppHealthPage),
  jobs: lazyPage(async () => (await import('../features/console/JobsPage')).JobsPage),
  revenue: lazyPage(async () => (await import('../features/console/RevenuePage')).RevenuePage),
  audit: lazyPage(async () => (await import('../features/console/AuditPage')).AuditPage),
  settings: lazyPage(async () => (await import('../features/console/SettingsPage')).SettingsPage),
  notifications: lazyPage(
    async () => (await import('../features/console/notifications/NotificationsPage')).NotificationsPage,
  ),
  superIntegrations: lazyPage(
    async () => (await import('../features/console/integrations/IntegrationsPage')).IntegrationsPage,
  ),
  // `/`: the landing page (its own chunk), or on a workspace's host that workspace's sign-in.
  landing: <HomePage />,
  accountSecurity: lazyPage(
    async () => (await import('../features/auth/two-factor/AccountSecurityPage')).AccountSecurityPage,
  ),
  onboarding: lazyPage(async () => (await import('../features/onboarding/OnboardingPage')).OnboardingPage),
  onboardingEvents: lazyPage(
    async () => (await import('../features/console/OnboardingEventsPage')).OnboardingEventsPage,
  ),
};
