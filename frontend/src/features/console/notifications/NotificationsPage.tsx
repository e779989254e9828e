import { useState } from 'react';
import { Megaphone } from 'lucide-react';
import type { AnnouncementRow, AnnouncementStatus } from '@portico/common';
import { useAnnouncementHistory } from '../api/notifications';
import { Badge } from '../../../ui/Badge';
import type { BadgeTone } from '../../../ui/Badge';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { Tabs } from '../../../ui/Tabs';
import { CardBody, dateTime, QueryTableCard, TitledCard, TitledCell } from '../panels/parts';
import { AnnounceForm } from './AnnounceForm';
import { RulesTab } from './RulesTab';

type Tab = 'announcements' | 'rules';
const TABS = [
  { key: 'announcements', label: 'Announcements' },
  { key: 'rules', label: 'Rules' },
] as const;

const STATUS_TONE: Record<AnnouncementStatus, BadgeTone> = { scheduled: 'blue', active: 'green', ended: 'gray' };

function audienceOf(row: AnnouncementRow): string {
  const admins = row.admins_only ? ' (admins)' : '';
  if (row.audience === 'plan') return `Plan ${row.plan}${admins}`;
  if (row.audience === 'tenants')
    return `${row.tenant_ids.length} ${row.tenant_ids.length === 1 ? 'workspace' : 'workspaces'}${admins}`;
  return `Everyone${admins}`;
}

/** /super/notifications (platform-console §2 Notifications): announcements and alert rules. */
export function NotificationsPage() {
  const [tab, setTab] = useState<Tab>('announcements');
  return (
    <Page>
      <PageHeader
        title="Notifications"
        description="Announce to workspaces with a banner, and alert on the platform's figures."
      />
      <Tabs label="Notifications" tabs={TABS} value={tab} onChange={setTab}>
        {tab === 'announcements' ? <AnnouncementsTab /> : <RulesTab />}
      </Tabs>
    </Page>
  );
}

function AnnouncementsTab() {
  const history = useAnnouncementHistory();
  return (
    <>
      <TitledCard title="New announcement">
        <CardBody>
          <AnnounceForm />
        </CardBody>
      </TitledCard>
      <QueryTableCard
        title="History"
        query={history}
        failure="Failed to load the announcements."
        rowKey={(row) => row.id}
        caption="Announcements sent"
        empty={{ icon: Megaphone, message: 'No announcements yet.' }}
        columns={[
          {
            header: 'Title',
            cell: (row) => <TitledCell title={row.title} note={row.message} />,
          },
          { header: 'Audience', cell: audienceOf },
          { header: 'Start', cell: (row) => dateTime(row.start_at) },
          { header: 'End', cell: (row) => dateTime(row.end_at) },
          { header: 'Status', cell: (row) => <Badge tone={STATUS_TONE[row.status]}>{row.status}</Badge> },
        ]}
      />
    </>
  );
}
