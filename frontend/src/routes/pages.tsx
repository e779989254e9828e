import type { ReactNode } from 'react';
import { CompleteProfilePage } from '../pages/complete-profile/CompleteProfilePage';
import { AdminDashboardPage } from '../pages/dashboard/AdminDashboardPage';
import { MemberDashboardPage } from '../pages/dashboard/MemberDashboardPage';
import { EmbedManagerPage } from '../pages/embeds/EmbedManagerPage';
import { EmbedPage } from '../pages/embeds/EmbedPage';
import { AdminFilesPage } from '../pages/files/AdminFilesPage';
import { FilesPage } from '../pages/files/FilesPage';
import { MyFilesPage } from '../pages/files/MyFilesPage';
import { AssignRolesPage } from '../pages/forms/assign/AssignRolesPage';
import { FormBuilderPage } from '../pages/forms/builder/FormBuilderPage';
import { FormFillPage } from '../pages/forms/fill/FormFillPage';
import { FormManagementPage } from '../pages/forms/manage/FormManagementPage';
import { FormResponsesPage } from '../pages/forms/responses/FormResponsesPage';
import { IntegrationsPage } from '../pages/integrations/IntegrationsPage';
import { LoginPage } from '../pages/login/LoginPage';
import { PeoplePage } from '../pages/people/PeoplePage';
import { ResetPasswordPage } from '../pages/reset-password/ResetPasswordPage';
import { AdminSettingsPage } from '../pages/settings/AdminSettingsPage';
import { SettingsPage } from '../pages/settings/SettingsPage';
import { SignupPage } from '../pages/signup/SignupPage';
import { SuperHomePage } from '../pages/super/SuperHomePage';
import type { PageId } from './table';

/** The page behind each PageId of the route table. */
export const PAGES: Record<PageId, ReactNode> = {
  login: <LoginPage />,
  signup: <SignupPage />,
  resetPassword: <ResetPasswordPage />,
  completeProfile: <CompleteProfilePage />,
  adminDashboard: <AdminDashboardPage />,
  adminSettings: <AdminSettingsPage />,
  memberDashboard: <MemberDashboardPage />,
  memberSettings: <SettingsPage />,
  embedManager: <EmbedManagerPage />,
  embed: <EmbedPage />,
  people: <PeoplePage />,
  files: <FilesPage />,
  myFiles: <MyFilesPage />,
  adminFiles: <AdminFilesPage />,
  formManagement: <FormManagementPage />,
  formResponses: <FormResponsesPage />,
  assignRoles: <AssignRolesPage />,
  formBuilder: <FormBuilderPage />,
  formFill: <FormFillPage />,
  integrations: <IntegrationsPage />,
  superHome: <SuperHomePage />,
};
