import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fileRenameBody, folderNameField } from '@portico/common';
import { ChevronRight, Folder } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { useTenantRoles } from '../../lib/api/queries';
import { errorMessage } from '../../lib/api/http';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CheckboxField, TextField } from '../../ui/Field';
import { Form, FormActions } from '../../ui/Form';
import { Skeleton } from '../../ui/Skeleton';
import {
  useCreateFolder,
  useDeleteFolder,
  useFolder,
  useMove,
  useRenameFile,
  useUpdateFolder,
  type Movable,
  type PortalFolder,
} from './folders-api';
import styles from './Folders.module.css';

const nameForm = z.object({ name: folderNameField });
type NameFields = z.input<typeof nameForm>;

/** What a name dialog does: make a folder in `parentId`, or rename `folder`. */
export type FolderNameTarget = { kind: 'create'; parentId: string | null } | { kind: 'rename'; folder: PortalFolder };

/**
 * "New folder" and "Rename folder": a name checked with the API's own rule and, for a new folder, the
 * roles it is shared with (none: it is shared as the folder it is in).
 */
export function FolderNameDialog({
  tenantId,
  target,
  onClose,
}: {
  tenantId: string;
  target: FolderNameTarget | null;
  onClose: () => void;
}) {
  const create = useCreateFolder(tenantId);
  const update = useUpdateFolder(tenantId);
  const saving = create.isPending || update.isPending;
  const creating = target?.kind === 'create';
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && !saving && onClose()}
      title={creating ? 'New folder' : 'Rename folder'}
      description={
        creating
          ? 'Without roles, the folder is shared as the folder it is in (admins only at the top level).'
          : undefined
      }
    >
      {/* The dialog's content mounts on each opening, so the form starts afresh. */}
      {target && (
        <FolderNameForm
          tenantId={tenantId}
          target={target}
          saving={saving}
          save={(name, roles) =>
            target.kind === 'create'
              ? create.mutateAsync({
                  name,
                  parent_id: target.parentId ?? undefined,
                  assigned_roles: roles.length ? roles : undefined,
                })
              : update.mutateAsync({ id: target.folder.id, body: { name } })
          }
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function FolderNameForm({
  tenantId,
  target,
  saving,
  save,
  onClose,
}: {
  tenantId: string;
  target: FolderNameTarget;
  saving: boolean;
  save: (name: string, roles: string[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const creating = target.kind === 'create';
  const roles = useTenantRoles(creating ? tenantId : null);
  const [shareWith, setShareWith] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NameFields, unknown, z.output<typeof nameForm>>({
    resolver: zodResolver(nameForm),
    defaultValues: { name: target.kind === 'rename' ? target.folder.name : '' },
    mode: 'onChange',
  });

  async function submit({ name }: z.output<typeof nameForm>) {
    setFailure(null);
    try {
      await save(name, shareWith);
      toast.success(creating ? `Folder “${name}” created` : `Folder renamed to “${name}”`);
      onClose();
    } catch (err) {
      setFailure(errorMessage(err, 'Failed to save'));
    }
  }

  const memberRoles = (roles.data ?? []).filter((r) => r.role_key !== 'admin');
  return (
    <Form onSubmit={form.handleSubmit(submit)} noValidate>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label="Folder name"
        maxLength={255}
        autoComplete="off"
        {...form.register('name')}
        error={form.formState.dirtyFields.name ? form.formState.errors.name?.message : undefined}
        required
      />
      {creating && memberRoles.length > 0 && (
        <fieldset className={styles.roles}>
          <legend>Share with roles (optional)</legend>
          {memberRoles.map((r) => (
            <CheckboxField
              key={r.role_key}
              label={r.role_label}
              checked={shareWith.includes(r.role_key)}
              onChange={() =>
                setShareWith((now) =>
                  now.includes(r.role_key) ? now.filter((k) => k !== r.role_key) : [...now, r.role_key],
                )
              }
            />
          ))}
        </fieldset>
      )}
      <FormActions>
        <Button variant="secondary" disabled={saving} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={!form.formState.isValid}>
          {creating ? 'Create folder' : 'Rename'}
        </Button>
      </FormActions>
    </Form>
  );
}

/**
 * Moves a folder or a file: a folder picker that opens where the item is, walks down into folders
 * and back up by its breadcrumbs, and moves the item into the folder shown. A folder cannot be
 * walked into itself (the API refuses that too).
 */
export function MoveDialog({
  tenantId,
  item,
  from,
  onClose,
}: {
  tenantId: string;
  item: Movable | null;
  /** Where the item is now; null at the top level. */
  from: string | null;
  onClose: () => void;
}) {
  const move = useMove(tenantId);
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && !move.isPending && onClose()}
      title={item ? `Move “${item.name}”` : 'Move'}
      description="Choose the folder to move it to."
    >
      {/* Mounted on each opening: the picker starts where the item is. */}
      {item && <FolderPicker tenantId={tenantId} item={item} from={from} move={move} onClose={onClose} />}
    </Dialog>
  );
}

function FolderPicker({
  tenantId,
  item,
  from,
  move,
  onClose,
}: {
  tenantId: string;
  item: Movable;
  from: string | null;
  move: ReturnType<typeof useMove>;
  onClose: () => void;
}) {
  const [at, setAt] = useState<string | null>(from);
  const listing = useFolder(tenantId, at);
  const folders = (listing.data?.folders ?? []).filter((f) => !(item.kind === 'folder' && f.id === item.id));
  const here = listing.data?.folder?.name ?? 'Top level';

  function confirm() {
    move.mutate(
      { item, to: at },
      {
        onSuccess: () => {
          toast.success(`Moved “${item.name}” to ${here}`);
          onClose();
        },
        onError: (err) => toast.error('Could not move it', { description: errorMessage(err, 'Unknown error') }),
      },
    );
  }

  return (
    <>
      <nav aria-label="Folder picker location" className={styles.pickerPath}>
        <Button variant="link" onClick={() => setAt(null)} aria-current={at === null ? 'location' : undefined}>
          Top level
        </Button>
        {listing.data?.breadcrumbs.map((crumb) => (
          <span key={crumb.id} className={styles.pickerStep}>
            <ChevronRight size={14} aria-hidden />
            {crumb.open ? (
              <Button
                variant="link"
                onClick={() => setAt(crumb.id)}
                aria-current={crumb.id === at ? 'location' : undefined}
              >
                {crumb.name}
              </Button>
            ) : (
              <span>{crumb.name}</span>
            )}
          </span>
        ))}
      </nav>
      {listing.isPending ? (
        <Skeleton height={60} />
      ) : listing.isError ? (
        <Alert tone="error">{errorMessage(listing.error, 'Failed to load folders')}</Alert>
      ) : folders.length === 0 ? (
        <p className={styles.pickerEmpty}>No folders in {here}.</p>
      ) : (
        <ul className={styles.pickerList} aria-label={`Folders in ${here}`}>
          {folders.map((f) => (
            <li key={f.id}>
              <Button variant="ghost" size="sm" onClick={() => setAt(f.id)}>
                <Folder size={16} aria-hidden />
                {f.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <FormActions>
        <Button variant="secondary" disabled={move.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button loading={move.isPending} disabled={listing.isPending || at === from} onClick={confirm}>
          Move to {here}
        </Button>
      </FormActions>
    </>
  );
}

type TitleFields = z.input<typeof fileRenameBody>;

/** Renames a file: its title, checked with the API's own rule (its stored name stays). */
export function RenameFileDialog({
  tenantId,
  file,
  onClose,
}: {
  tenantId: string;
  file: { id: string; title: string } | null;
  onClose: () => void;
}) {
  const rename = useRenameFile(tenantId);
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => !open && !rename.isPending && onClose()}
      title="Rename file"
      description="The title the lists show; the file itself keeps its name."
    >
      {file && <FileTitleForm file={file} rename={rename} onClose={onClose} />}
    </Dialog>
  );
}

function FileTitleForm({
  file,
  rename,
  onClose,
}: {
  file: { id: string; title: string };
  rename: ReturnType<typeof useRenameFile>;
  onClose: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TitleFields, unknown, z.output<typeof fileRenameBody>>({
    resolver: zodResolver(fileRenameBody),
    defaultValues: { title: file.title },
    mode: 'onChange',
  });
  function submit({ title }: z.output<typeof fileRenameBody>) {
    setFailure(null);
    rename.mutate(
      { id: file.id, title },
      {
        onSuccess: () => {
          toast.success(`File renamed to “${title}”`);
          onClose();
        },
        onError: (err) => setFailure(errorMessage(err, 'Failed to save')),
      },
    );
  }
  return (
    <Form onSubmit={form.handleSubmit(submit)} noValidate>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label="Title"
        maxLength={255}
        autoComplete="off"
        {...form.register('title')}
        error={form.formState.dirtyFields.title ? form.formState.errors.title?.message : undefined}
        required
      />
      <FormActions>
        <Button variant="secondary" disabled={rename.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={rename.isPending} disabled={!form.formState.isValid}>
          Rename
        </Button>
      </FormActions>
    </Form>
  );
}

/** Confirms deleting a folder; the API refuses one that still holds something, and the toast says why. */
export function DeleteFolderDialog({
  tenantId,
  folder,
  onClose,
}: {
  tenantId: string;
  folder: PortalFolder | null;
  onClose: () => void;
}) {
  const remove = useDeleteFolder(tenantId);
  function confirm() {
    if (!folder) return;
    remove.mutate(folder.id, {
      onSuccess: () => {
        toast.success(`Folder “${folder.name}” deleted`);
        onClose();
      },
      onError: (err) => {
        toast.error('Could not delete the folder', { description: errorMessage(err, 'Unknown error') });
        onClose();
      },
    });
  }
  return (
    <Dialog
      open={folder !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title="Delete folder"
      description={folder ? `Delete the folder “${folder.name}”? Only an empty folder can be deleted.` : undefined}
    >
      <FormActions>
        <Button variant="secondary" disabled={remove.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" loading={remove.isPending} onClick={confirm}>
          Delete folder
        </Button>
      </FormActions>
    </Dialog>
  );
}
