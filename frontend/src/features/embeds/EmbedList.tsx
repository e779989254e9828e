import { useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, ExternalLink, GripVertical, LayoutTemplate, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { EMBED_AUDIENCE_ALL, EMBED_MESSAGES, EMBED_PROVIDERS } from '@portico/common';
import { useTenantRoles } from '../../lib/api/queries';
import { useDeleteEmbed, useEmbeds, useReorderEmbeds, useUpdateEmbed } from './api';
import type { Embed, EmbedFilters } from './api';
import { Badge } from '../../ui/Badge';
import { Button, buttonClassName, IconButton } from '../../ui/Button';
import { Card, CardHeader } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { FormActions } from '../../ui/Form';
import { ListFilter, ListToolbar } from '../../ui/ListToolbar';
import { HiddenColumnHeader } from '../../ui/HiddenColumnHeader';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useScope } from '../../lib/scope/scope-context';
import { moveId, targetLabel } from './embed-display';
import { RoleOptions } from '../people';
import styles from './EmbedList.module.css';
import table from '../../ui/DataTable.module.css';

const SEARCH_DEBOUNCE_MS = 300;

interface RowProps {
  embed: Embed;
  index: number;
  count: number;
  reorderable: boolean;
  target: string;
  busy: boolean;
  onMove: (id: string, delta: -1 | 1) => void;
  onToggle: (embed: Embed) => void;
  onDelete: (embed: Embed) => void;
}

function EmbedRow({ embed, index, count, reorderable, target, busy, onMove, onToggle, onDelete }: RowProps) {
  const { tenantPath } = useScope();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: embed.id,
    disabled: !reorderable,
  });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 1 : undefined,
  };
  return (
    <tr
      ref={setNodeRef}
      style={style}
      className={isDragging ? styles.dragging : undefined}
      data-dragging={isDragging || undefined}
    >
      <td className={styles.orderCell}>
        {reorderable && (
          <div className={styles.order}>
            <IconButton
              ref={setActivatorNodeRef}
              className={styles.drag}
              label={`Drag to reorder ${embed.title}`}
              icon={GripVertical}
              size="sm"
              {...attributes}
              {...listeners}
            />
            <IconButton
              label={`Move ${embed.title} up`}
              icon={ArrowUp}
              size="sm"
              disabled={index === 0 || busy}
              onClick={() => onMove(embed.id, -1)}
            />
            <IconButton
              label={`Move ${embed.title} down`}
              icon={ArrowDown}
              size="sm"
              disabled={index === count - 1 || busy}
              onClick={() => onMove(embed.id, 1)}
            />
          </div>
        )}
      </td>
      <td>
        <Link className={styles.title} to={tenantPath(`/embed/${embed.id}`)}>
          {embed.title}
        </Link>
        {embed.description && <p className={styles.description}>{embed.description}</p>}
        {embed.frame_blocked === true && (
          <p className={styles.warning}>{EMBED_MESSAGES.frameBlocked} Members get a link instead.</p>
        )}
      </td>
      <td>{embed.provider_label}</td>
      <td>{embed.embed_type === 'user' ? 'User' : 'Role'}</td>
      <td>{target}</td>
      <td>
        <Badge tone={embed.is_active ? 'green' : 'gray'}>{embed.is_active ? 'Active' : 'Inactive'}</Badge>
      </td>
      <td>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onToggle(embed)}
            disabled={busy}
            aria-label={`${embed.is_active ? 'Deactivate' : 'Activate'} ${embed.title}`}
          >
            {embed.is_active ? 'Deactivate' : 'Activate'}
          </Button>
          <a
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            href={embed.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open ${embed.title} in a new tab`}
          >
            <ExternalLink size={16} aria-hidden />
          </a>
          <IconButton label={`Delete ${embed.title}`} icon={Trash2} size="sm" onClick={() => onDelete(embed)} />
        </div>
      </td>
    </tr>
  );
}

const NO_FILTERS: Omit<EmbedFilters, 'q'> = { provider: '', status: '', audience: '' };

const EMBED_STATUS_FILTERS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

/** The manager's list: search and filters, status toggle, delete with confirmation, reorder by drag or buttons. */
export function EmbedList({ tenantId }: { tenantId: string }) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<Omit<EmbedFilters, 'q'>>(NO_FILTERS);
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query: EmbedFilters = { ...filters, q };
  const embeds = useEmbeds(tenantId, query);
  const roles = useTenantRoles(tenantId);
  const update = useUpdateEmbed(tenantId);
  const remove = useDeleteEmbed(tenantId);
  const reorder = useReorderEmbeds(tenantId);
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<Embed | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const filtered = search.trim() !== '' || Object.values(filters).some(Boolean);
  const roleLabels = useMemo(() => new Map((roles.data ?? []).map((r) => [r.role_key, r.role_label])), [roles.data]);
  const rows = useMemo(() => {
    const list = embeds.data ?? [];
    if (!pendingOrder) return list;
    const byId = new Map(list.map((e) => [e.id, e]));
    return pendingOrder.map((id) => byId.get(id)).filter((e): e is Embed => e !== undefined);
  }, [embeds.data, pendingOrder]);
  const ids = rows.map((e) => e.id);
  const reorderable = !filtered && rows.length > 1;

  function saveOrder(next: string[]) {
    setPendingOrder(next);
    reorder.mutate(next, {
      onError: (err) => toast.error(errorMessage(err, EMBED_MESSAGES.saveFailed)),
      onSettled: () => setPendingOrder(null),
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    saveOrder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  function toggle(embed: Embed) {
    update.mutate(
      { id: embed.id, patch: { is_active: !embed.is_active } },
      {
        onSuccess: (saved) => toast.success(`${saved.title} is now ${saved.is_active ? 'active' : 'inactive'}`),
        onError: (err) => toast.error(errorMessage(err, 'Update failed')),
      },
    );
  }

  function confirmDelete() {
    if (!confirming) return;
    const embed = confirming;
    remove.mutate(embed.id, {
      onSuccess: () => {
        toast.success(`${embed.title} deleted`);
        setConfirming(null);
      },
      onError: (err) => toast.error(errorMessage(err, 'Delete failed')),
    });
  }

  return (
    <Card aria-labelledby="embed-list-title">
      <CardHeader
        id="embed-list-title"
        title="Embeds"
        description={
          filtered
            ? 'Clear search and filters to reorder.'
            : 'Drag rows or use the arrows to set the order members see.'
        }
      />
      <ListToolbar
        search={{
          label: 'Search embeds',
          value: search,
          onChange: setSearch,
          placeholder: 'Title, description or URL',
        }}
      >
        <ListFilter
          label="Filter by provider"
          value={filters.provider}
          onChange={(provider) => setFilters({ ...filters, provider })}
          all="All providers"
          options={EMBED_PROVIDERS.map((p) => ({ value: p.key, label: p.label }))}
        />
        <ListFilter
          label="Filter by audience"
          value={filters.audience}
          onChange={(audience) => setFilters({ ...filters, audience })}
          all="All audiences"
        >
          <option value={EMBED_AUDIENCE_ALL}>All members</option>
          <RoleOptions roles={roles.data} />
          <option value="user">Individual users</option>
        </ListFilter>
        <ListFilter
          label="Filter by status"
          value={filters.status}
          onChange={(status) => setFilters({ ...filters, status })}
          all="Any status"
          options={EMBED_STATUS_FILTERS}
        />
      </ListToolbar>
      {embeds.isPending && (
        <div className={styles.loading} role="status" aria-label="Loading embeds">
          <Skeleton height={40} />
          <Skeleton height={40} />
          <Skeleton height={40} />
        </div>
      )}
      {embeds.isError && (
        <ErrorState
          message="Failed to load embeds"
          onRetry={() => void embeds.refetch()}
          retrying={embeds.isFetching}
        />
      )}
      {embeds.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={LayoutTemplate}
          message={filtered ? 'No embeds match your search and filters.' : EMBED_MESSAGES.empty}
        >
          {filtered && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setSearch('');
                setFilters(NO_FILTERS);
              }}
            >
              Clear filters
            </Button>
          )}
        </EmptyState>
      )}
      {embeds.isSuccess && rows.length > 0 && (
        <div className={table.wrap}>
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <table className={table.table}>
                <thead>
                  <tr>
                    <HiddenColumnHeader label="Order" />
                    <th scope="col">Title</th>
                    <th scope="col">Provider</th>
                    <th scope="col">Type</th>
                    <th scope="col">Target</th>
                    <th scope="col">Status</th>
                    <HiddenColumnHeader label="Actions" />
                  </tr>
                </thead>
                <tbody>
                  {rows.map((embed, index) => (
                    <EmbedRow
                      key={embed.id}
                      embed={embed}
                      index={index}
                      count={rows.length}
                      reorderable={reorderable}
                      target={targetLabel(embed, roleLabels)}
                      busy={reorder.isPending || (update.isPending && update.variables?.id === embed.id)}
                      onMove={(id, delta) => saveOrder(moveId(ids, id, delta))}
                      onToggle={toggle}
                      onDelete={setConfirming}
                    />
                  ))}
                </tbody>
              </table>
            </SortableContext>
          </DndContext>
        </div>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete embed?"
        description={confirming ? `${confirming.title} will disappear for everyone it was shared with.` : undefined}
      >
        <FormActions>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button variant="danger" loading={remove.isPending} onClick={confirmDelete}>
            Delete
          </Button>
        </FormActions>
      </Dialog>
    </Card>
  );
}
