import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader';
import { Tabs } from '../../ui/Tabs';
import { useScope } from '../../lib/scope/scope-context';
import { useSession } from '../../lib/session/session-context';
import { hasBothNames } from '../auth';
import { UploadCard } from '../files';
import { AssignedFormsCard } from './AssignedFormsCard';
import { AssignedPagesCard } from './AssignedPagesCard';
import { ChecklistCard } from './ChecklistCard';
import { dashboardTitle } from './dashboard-title';
import { RecentFiles } from './RecentFiles';
import { Page } from '../../ui/Page';
import styles from './MemberDashboardPage.module.css';

const TABS = [
  { key: 'files', label: 'Files' },
  { key: 'forms', label: 'Forms' },
  { key: 'pages', label: 'Pages' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export function MemberDashboardPage() {
  const { profile } = useSession();
  const { activeMembership, activeTenantId, roleKind, tenantPath } = useScope();
  const [tab, setTab] = useState<TabKey>('files');

  if (!hasBothNames(profile)) return <Navigate to={tenantPath('/complete-profile')} replace />;

  return (
    <Page>
      <PageHeader title={dashboardTitle(activeMembership?.role_label, roleKind)} />
      <section className={styles.welcome} aria-labelledby="welcome-title">
        <h2 id="welcome-title" className={styles.welcomeTitle}>
          Welcome, {profile?.first_name} {profile?.last_name}
        </h2>
        <p className={styles.welcomeText}>
          This is your space in {activeMembership?.tenant_name ?? 'your workspace'}. Files, forms and tools your team
          shares with you appear here.
        </p>
      </section>
      {activeTenantId && (
        <>
          <ChecklistCard tenantId={activeTenantId} />
          <Tabs label="Your workspace" tabs={TABS} value={tab} onChange={setTab}>
            {tab === 'files' && (
              <div className={styles.stack}>
                <RecentFiles tenantId={activeTenantId} count={3} title="Recent files" emptyMessage="No files yet." />
                <UploadCard tenantId={activeTenantId} mode="self" />
              </div>
            )}
            {tab === 'forms' && <AssignedFormsCard tenantId={activeTenantId} />}
            {tab === 'pages' && <AssignedPagesCard tenantId={activeTenantId} />}
          </Tabs>
        </>
      )}
    </Page>
  );
}
