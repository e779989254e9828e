import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Download, Search, UserPlus, UsersRound } from 'lucide-react';
import { toast } from 'sonner';
import { useTenantRoles } from '../../lib/api/queries';
import {
  downloadPeopleCsv,
  FIRST_ORDER,
  PAGE_SIZES,
  peopleViewOf,
  useBulkRole,
  usePeople,
  useUpdatePerson,
  withPeopleView,
  type PageSize,
  type PeopleFilters,
  type PeopleParams,
  type PeopleSort,
  type Person,
  type PersonStatus,
} from './api/people';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Field';
import { ListFilter, ListToolbar } from '../../ui/ListToolbar';
import { Page } from '../../ui/Page';
import { ChooseTenant } from '../../ui/ChooseTenant';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeader } from '../../ui/PageHeader';
import { errorMessage } from '../../lib/api/http';
import { ThreadPanel } from '../messages';
import { personName } from '../../ui/format';
import { useScope } from '../../lib/scope/scope-context';
import { DeletePersonDialog } from './DeletePersonDialog';
import { Drawer } from '../../ui/Drawer';
import { EditPersonForm } from './EditPersonForm';
import { InvitePersonDialog } from './InvitePersonDialog';
import { PeopleTable } from './PeopleTable';
import { PendingInvitations } from './PendingInvitations';
import { bulkFailure, bulkSuccess, EMPTY_PEOPLE, LOAD_FAILED, rangeText, updateFailure } from './people-text';
import { PersonDetails } from './PersonDetails';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import type { RowAction } from './RowMenu';
import { RoleOptions } from './RoleOptions';
import styles from './PeoplePage.module.css';

const SEARCH_DEBOUNCE_MS = 300;

const NOTHING: ReadonlySet<string> = new Set();

type Panel = { mode: 'view' | 'edit'; person: Person } | null;

const PERSON_STATUS_FILTERS = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
] as const;

export function PeoplePage() {
  const { activeTenantId } = useScope();
  return (
    <Page>
      {activeTenantId ? (
        <PeopleScreen key={activeTenantId} tenantId={activeTenantId} />
      ) : (
        <>
          <PageHeader title="User Management" description="The members of a workspace." />
          <ChooseTenant message="Choose a tenant to see its users." />
        </>
      )}
    </Page>
  );
}

function PeopleScreen({ tenantId }: { tenantId: string }) {
  const roles = useTenantRoles(tenantId);
  // Filters, sort and page live in the address (the header search links here with ?query= too).
  const [params, setParams] = useSearchParams();
  const { query: urlQuery, role, status, sort, order, page, pageSize } = peopleViewOf(params);
  const changeView = (changes: Partial<PeopleParams>) =>
    setParams((current) => withPeopleView(current, changes), { replace: true });
  // The box shows what is typed at once; the address (and so the list) follows once typing pauses.
  const [search, setSearch] = useState(urlQuery);
  const typing = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(typing.current), []);
  function typeSearch(value: string) {
    setSearch(value);
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => changeView({ query: value }), SEARCH_DEBOUNCE_MS);
  }
  // A search from elsewhere (the header search, Back) changes the address: the box follows it.
  const [shownQuery, setShownQuery] = useState(urlQuery);
  if (urlQuery !== shownQuery) {
    setShownQuery(urlQuery);
    if (urlQuery !== search.trim()) setSearch(urlQuery);
  }
  const setPage = (next: number) => changeView({ page: next });
  // A new page, filter or sort starts with nothing selected.
  const viewKey = JSON.stringify([urlQuery, role, status, sort, order, pageSize]);
  const selectionKey = `${viewKey}#${page}`;
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: selectionKey,
    ids: NOTHING,
  });
  const selected = selection.key === selectionKey ? selection.ids : NOTHING;
  const setSelected = (ids: ReadonlySet<string>) => setSelection({ key: selectionKey, ids });
  const [bulkTarget, setBulkTarget] = useState('');
  const [panel, setPanel] = useState<Panel>(null);
  const [deleting, setDeleting] = useState<Person | null>(null);
  const [resetting, setResetting] = useState<Person | null>(null);
  const [inviting, setInviting] = useState(false);

  const filters: PeopleFilters = { query: urlQuery, role, status, sort, order };
  const people = usePeople(tenantId, { ...filters, page, pageSize });
  const bulk = useBulkRole(tenantId);
  const update = useUpdatePerson(tenantId);
  const roleList = roles.data ?? [];

  function select(ids: string[], checked: boolean) {
    const next = new Set(selected);
    for (const id of ids) {
      if (checked) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  }

  function sortBy(column: PeopleSort) {
    if (column === sort) changeView({ order: order === 'asc' ? 'desc' : 'asc' });
    else changeView({ sort: column, order: FIRST_ORDER[column] });
  }

  function bulkChange(roleKey: string) {
    const label = roleList.find((r) => r.role_key === roleKey)?.role_label ?? roleKey;
    bulk.mutate(
      { user_ids: [...selected], role: roleKey },
      {
        onSuccess: ({ updated }) => {
          toast.success(bulkSuccess(updated, label));
          setSelected(NOTHING);
          setBulkTarget('');
        },
        onError: (err) => toast.error(bulkFailure(err)),
      },
    );
  }

  function toggleStatus(person: Person) {
    const next: PersonStatus = person.status === 'active' ? 'suspended' : 'active';
    update.mutate(
      { id: person.id, patch: { status: next } },
      {
        onSuccess: () => toast.success(next === 'suspended' ? 'User suspended' : 'User reactivated'),
        onError: (err) => toast.error(updateFailure(err)),
      },
    );
  }

  function act(person: Person, action: RowAction) {
    if (action === 'view') setPanel({ mode: 'view', person });
    else if (action === 'edit') setPanel({ mode: 'edit', person });
    else if (action === 'toggleStatus') toggleStatus(person);
    else if (action === 'resetPassword') setResetting(person);
    else setDeleting(person);
  }

  const exportCsv = useMutation({
    mutationFn: () => downloadPeopleCsv(tenantId, filters),
    onError: (err) => toast.error(`Export failed: ${errorMessage(err, 'Unknown error')}`),
  });

  const data = people.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const filtered = Boolean(urlQuery || role || status);

  return (
    <>
      <PageHeader
        title="User Management"
        description="Everyone in this workspace: search, filter, change roles, suspend, invite."
        actions={
          <>
            <Button variant="secondary" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
              {!exportCsv.isPending && <Download size={16} aria-hidden />}
              Export CSV
            </Button>
            <Button onClick={() => setInviting(true)} disabled={roleList.length === 0}>
              <UserPlus size={16} aria-hidden />
              Invite User
            </Button>
          </>
        }
      />

      <Card aria-label="Users">
        <ListToolbar
          search={{
            label: 'Search users',
            value: search,
            onChange: typeSearch,
            placeholder: 'Search by name or email',
          }}
        >
          <ListFilter
            label="Filter by role"
            value={role}
            onChange={(value) => changeView({ role: value })}
            all="All roles"
          >
            <RoleOptions roles={roleList} />
          </ListFilter>
          <ListFilter
            label="Filter by status"
            value={status}
            onChange={(value: '' | PersonStatus) => changeView({ status: value })}
            all="All statuses"
            options={PERSON_STATUS_FILTERS}
          />
        </ListToolbar>

        {selected.size > 0 && (
          <div className={styles.bulk} role="region" aria-label="Bulk actions">
            <span className={styles.bulkCount}>{selected.size} selected</span>
            {roleList.slice(0, 2).map((r) => (
              <Button
                key={r.role_key}
                size="sm"
                variant="secondary"
                disabled={bulk.isPending}
                onClick={() => bulkChange(r.role_key)}
              >
                Set as {r.role_label}
              </Button>
            ))}
            <Select
              size="sm"
              aria-label="Change role to"
              value={bulkTarget}
              onChange={(e) => setBulkTarget(e.target.value)}
            >
              <option value="">Change role to…</option>
              <RoleOptions roles={roleList} />
            </Select>
            <Button size="sm" disabled={!bulkTarget} loading={bulk.isPending} onClick={() => bulkChange(bulkTarget)}>
              Apply
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(NOTHING)}>
              Clear selection
            </Button>
          </div>
        )}

        {people.isError ? (
          <ErrorState message={LOAD_FAILED} onRetry={() => void people.refetch()} retrying={people.isFetching} />
        ) : data && data.total === 0 && !filtered ? (
          <EmptyState icon={UsersRound} message={EMPTY_PEOPLE}>
            <Button size="sm" onClick={() => setInviting(true)} disabled={roleList.length === 0}>
              Invite User
            </Button>
          </EmptyState>
        ) : (
          <>
            <PeopleTable
              rows={data?.users}
              loading={people.isPending}
              busy={people.isFetching}
              roles={roles.data}
              sort={sort}
              order={order}
              onSort={sortBy}
              selected={selected}
              onSelect={select}
              onAction={act}
            />
            {data && data.users.length === 0 && <EmptyState icon={Search} message="No users match these filters." />}
          </>
        )}

        <div className={styles.pagination}>
          <label className={styles.pageSize}>
            Rows per page
            <Select
              size="sm"
              value={pageSize}
              onChange={(e) => changeView({ pageSize: Number(e.target.value) as PageSize })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </label>
          <span aria-live="polite">{data ? rangeText(page, pageSize, data.users.length, data.total) : ''}</span>
          <div className={styles.pageButtons}>
            <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        </div>
      </Card>

      <PendingInvitations tenantId={tenantId} roles={roles.data} />

      <Drawer
        open={panel !== null}
        onOpenChange={(open) => !open && setPanel(null)}
        title={panel?.mode === 'edit' ? 'Edit user' : 'User details'}
      >
        {panel?.mode === 'view' && (
          <>
            <PersonDetails
              person={panel.person}
              roles={roles.data}
              onEdit={() => setPanel({ mode: 'edit', person: panel.person })}
            />
            {/* Whom the drawer shows, not what the viewer may do: a client has a thread with the team. */}
            {roles.data?.find((r) => r.role_key === panel.person.role)?.kind === 'client' && (
              <ThreadPanel
                tenantId={tenantId}
                clientId={panel.person.id}
                clientName={personName(panel.person.first_name, panel.person.last_name, panel.person.email)}
              />
            )}
          </>
        )}
        {panel?.mode === 'edit' && (
          <EditPersonForm
            key={panel.person.id}
            tenantId={tenantId}
            person={panel.person}
            roles={roleList}
            onDone={() => setPanel(null)}
          />
        )}
      </Drawer>
      <DeletePersonDialog tenantId={tenantId} person={deleting} onClose={() => setDeleting(null)} />
      <ResetPasswordDialog tenantId={tenantId} person={resetting} onClose={() => setResetting(null)} />
      <InvitePersonDialog tenantId={tenantId} open={inviting} roles={roleList} onClose={() => setInviting(false)} />
    </>
  );
}
