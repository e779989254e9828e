import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FOLDER_MESSAGES } from '@portico/common';
import { ChevronRight, Folder, FolderPlus } from 'lucide-react';
import { errorMessage } from '../../lib/api/http';
import { useTenantRoles } from '../../lib/api/queries';
import { Button } from '../../ui/Button';
import { Card, CardHeader } from '../../ui/Card';
import { DataTable, type Column } from '../../ui/DataTable';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { recipientsOf } from './FileTable';
import { DeleteFolderDialog, FolderNameDialog, MoveDialog, type FolderNameTarget } from './FolderDialogs';
import type { Movable, PortalFolder, useFolder } from './folders-api';
import styles from './Folders.module.css';

/** The folder the Files pages show, kept in the address (?folder=id) so back and forward walk the folders. */
export function useFolderParam(): string | null {
  const [params] = useSearchParams();
  return params.get('folder');
}

/** The files list's folder filter: the folder shown (`root`: the top level); every folder while searching. */
export function folderFilter(folderId: string | null, search?: string): string | undefined {
  if (search) return undefined;
  return folderId ?? 'root';
}

/** What an empty files list says: a folder with nothing in it is empty; otherwise the page's own sentence. */
export function emptyFolderMessage(
  folderId: string | null,
  listing: { folders: readonly unknown[] } | undefined,
  topLevel: string,
): string {
  if (!folderId) return topLevel;
  return listing && listing.folders.length === 0 ? FOLDER_MESSAGES.emptyFolder : 'No files in this folder.';
}

/** The address of a folder (null: the top level) on the page shown, keeping its other parameters (the workspace's). */
function useFolderSearch() {
  const [params] = useSearchParams();
  return (id: string | null) => {
    const next = new URLSearchParams(params);
    next.delete('file');
    if (id) next.set('folder', id);
    else next.delete('folder');
    const search = next.toString();
    return { search: search ? `?${search}` : '' };
  };
}

interface FolderViewProps {
  tenantId: string;
  isAdmin: boolean;
  /** The folder shown, as `useFolder` reads it. */
  listing: ReturnType<typeof useFolder>;
}

/**
 * The way to the folder shown (a breadcrumb trail of links; folders the viewer only sees the name
 * of are plain text) and the folders in it; admins make, rename, move and delete folders here.
 */
export function FolderView({ tenantId, isAdmin, listing }: FolderViewProps) {
  const folderSearch = useFolderSearch();
  const roles = useTenantRoles(isAdmin ? tenantId : null);
  const roleLabel = (key: string) => roles.data?.find((r) => r.role_key === key)?.role_label ?? key;
  const [naming, setNaming] = useState<FolderNameTarget | null>(null);
  const [moving, setMoving] = useState<{ item: Movable; from: string | null } | null>(null);
  const [deleting, setDeleting] = useState<PortalFolder | null>(null);
  const current = listing.data?.folder ?? null;
  const folders = listing.data?.folders ?? [];

  const columns: Column<PortalFolder>[] = [
    {
      header: 'Name',
      variant: 'strong',
      cell: (folder) => (
        <Link className={styles.folderLink} to={folderSearch(folder.id)}>
          <Folder size={16} aria-hidden />
          {folder.name}
        </Link>
      ),
    },
    ...(isAdmin
      ? [
          {
            header: 'Shared with',
            cell: (folder: PortalFolder) =>
              folder.user_id || folder.assigned_roles.length > 0
                ? recipientsOf(folder, roleLabel)
                : 'As the folder it is in',
          },
        ]
      : []),
  ];

  return (
    <>
      <div className={styles.bar}>
        <nav aria-label="Breadcrumb">
          <ol className={styles.crumbs}>
            <li>
              {current ? <Link to={folderSearch(null)}>All files</Link> : <span aria-current="page">All files</span>}
            </li>
            {listing.data?.breadcrumbs.map((crumb) => (
              <li key={crumb.id}>
                <ChevronRight size={14} aria-hidden className={styles.separator} />
                {crumb.id === current?.id ? (
                  <span aria-current="page">{crumb.name}</span>
                ) : crumb.open ? (
                  <Link to={folderSearch(crumb.id)}>{crumb.name}</Link>
                ) : (
                  <span className={styles.closedCrumb}>{crumb.name}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
        {isAdmin && (
          <Button
            size="sm"
            variant="secondary"
            disabled={listing.isError}
            onClick={() => setNaming({ kind: 'create', parentId: current?.id ?? null })}
          >
            <FolderPlus size={14} aria-hidden />
            New folder
          </Button>
        )}
      </div>
      {listing.isPending && (
        <div className={styles.loading} role="status" aria-label="Loading folders">
          <Skeleton height={20} />
          <Skeleton height={20} />
        </div>
      )}
      {listing.isError && (
        <Card aria-label="Folder">
          <ErrorState
            message={errorMessage(listing.error, 'Failed to load folders')}
            onRetry={() => void listing.refetch()}
            retrying={listing.isFetching}
          />
        </Card>
      )}
      {folders.length > 0 && (
        <Card aria-label="Folders">
          <CardHeader title="Folders" />
          <DataTable
            rows={folders}
            columns={columns}
            rowKey={(folder) => folder.id}
            rowLabel={(folder) => folder.name}
            rowActions={
              isAdmin
                ? (folder) => [
                    { label: 'Rename', onSelect: () => setNaming({ kind: 'rename', folder }) },
                    {
                      label: 'Move',
                      onSelect: () =>
                        setMoving({
                          item: { kind: 'folder', id: folder.id, name: folder.name },
                          from: folder.parent_id,
                        }),
                    },
                    { label: 'Delete', danger: true, onSelect: () => setDeleting(folder) },
                  ]
                : undefined
            }
            caption="Folders"
            empty={{ icon: Folder, message: 'No folders here.' }}
          />
        </Card>
      )}
      <FolderNameDialog tenantId={tenantId} target={naming} onClose={() => setNaming(null)} />
      <MoveDialog
        tenantId={tenantId}
        item={moving?.item ?? null}
        from={moving?.from ?? null}
        onClose={() => setMoving(null)}
      />
      <DeleteFolderDialog tenantId={tenantId} folder={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
