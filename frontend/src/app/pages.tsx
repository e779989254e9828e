import { lazy, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { PageSkeleton } from '../ui/Skeleton';
import { HomePage } from '../pages/landing/HomePage';
import { LoginPage } from '../pages/login/LoginPage';
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
  signup: lazyPage(async () => (await import('../pages/signup/SignupPage')).SignupPage),
  resetPassword: lazyPage(async () => (await import('../pages/reset-password/ResetPasswordPage')).ResetPasswordPage),
  completeProfile: lazyPage(
    async () => (await import('../pages/complete-profile/CompleteProfilePage')).CompleteProfilePage,
  ),
  adminDashboard: lazyPage(async () => (await import('../pages/dashboard/AdminDashboardPage')).AdminDashboardPage),
  adminSettings: lazyPage(async () => (await import('../pages/settings/AdminSettingsPage')).AdminSettingsPage),
  memberDashboard: lazyPage(async () => (await import('../pages/dashboard/MemberDashboardPage')).MemberDashboardPage),
  memberSettings: lazyPage(async () => (await import('../pages/settings/SettingsPage')).SettingsPage),
  embedManager: lazyPage(async () => (await import('../pages/embeds/EmbedManagerPage')).EmbedManagerPage),
  embed: lazyPage(async () => (await import('../pages/embeds/EmbedPage')).EmbedPage),
  people: lazyPage(async () => (await import('../pages/people/PeoplePage')).PeoplePage),
  files: lazyPage(async () => (await import('../pages/files/FilesPage')).FilesPage),
  myFiles: lazyPage(async () => (await import('../pages/files/MyFilesPage')).MyFilesPage),
  adminFiles: lazyPage(async () => (await import('../pages/files/AdminFilesPage')).AdminFilesPage),
  formManagement: lazyPage(async () => (await import('../pages/forms/manage/FormManagementPage')).FormManagementPage),
  formResponses: lazyPage(async () => (await import('../pages/forms/responses/FormResponsesPage')).FormResponsesPage),
  assignRoles: lazyPage(async () => (await import('../pages/forms/assign/AssignRolesPage')).AssignRolesPage),
  formBuilder: lazyPage(async () => (await import('../pages/forms/builder/FormBuilderPage')).FormBuilderPage),
  formFill: lazyPage(async () => (await import('../pages/forms/fill/FormFillPage')).FormFillPage),
  integrations: lazyPage(async () => (await import('../pages/integrations/IntegrationsPage')).IntegrationsPage),
  billing: lazyPage(async () => (await import('../pages/billing/BillingPage')).BillingPage),
  missionControl: lazyPage(async () => (await import('../pages/super/MissionControlPage')).MissionControlPage),
  tenants: lazyPage(async () => (await import('../pages/super/TenantsPage')).TenantsPage),
  userManagement: lazyPage(async () => (await import('../pages/super/users/UserManagementPage')).UserManagementPage),
  appHealth: lazyPage(async () => (await import('../pages/super/AppHealthPage')).AppHealthPage),
  jobs: lazyPage(async () => (await import('../pages/super/JobsPage')).JobsPage),
  revenue: lazyPage(async () => (await import('../pages/super/RevenuePage')).RevenuePage),
  audit: lazyPage(async () => (await import('../pages/super/AuditPage')).AuditPage),
  settings: lazyPage(async () => (await import('../pages/super/SettingsPage')).SettingsPage),
  notifications: lazyPage(
    async () => (await import('../pages/super/notifications/NotificationsPage')).NotificationsPage,
  ),
  superIntegrations: lazyPage(
    async () => (await import('../pages/super/integrations/IntegrationsPage')).IntegrationsPage,
  ),
  // `/`: the landing page (its own chunk), or on a workspace's host that workspace's sign-in.
  landing: <HomePage />,
  accountSecurity: lazyPage(async () => (await import('../pages/two-factor/AccountSecurityPage')).AccountSecurityPage),
  onboarding: lazyPage(async () => (await import('../pages/onboarding/OnboardingPage')).OnboardingPage),
  onboardingEvents: lazyPage(async () => (await import('../pages/super/OnboardingEventsPage')).OnboardingEventsPage),
};
