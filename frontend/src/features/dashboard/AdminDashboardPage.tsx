import { DASHBOARD_TITLE_BY_KIND } from '@portico/common';
import { ChooseTenant } from '../../ui/ChooseTenant';
import { PageHeader } from '../../ui/PageHeader';
import { useScope } from '../../lib/scope/scope-context';
import { UploadCard } from '../files';
import { RecentFiles } from './RecentFiles';
import { RecentUsers } from './RecentUsers';
import { StatCards } from './StatCards';
import { Page } from '../../ui/Page';
import styles from './AdminDashboardPage.module.css';

export function AdminDashboardPage() {
  const { activeTenantId } = useScope();

  return (
    <Page>
      <PageHeader
        title={DASHBOARD_TITLE_BY_KIND.admin}
        description="Your workspace at a glance: clients, uploads and the newest members."
      />
      {activeTenantId ? (
        <>
          <StatCards tenantId={activeTenantId} />
          <div className={styles.grid}>
            <UploadCard tenantId={activeTenantId} mode="choice" />
            <RecentFiles tenantId={activeTenantId} count={5} title="Recent uploads" emptyMessage="No recent files." />
          </div>
          <RecentUsers tenantId={activeTenantId} />
        </>
      ) : (
        <ChooseTenant message="Choose a tenant to see its dashboard." />
      )}
    </Page>
  );
}
