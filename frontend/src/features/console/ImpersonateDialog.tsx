import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { UserRoundSearch } from 'lucide-react';
import { DEFAULT_IMPERSONATION_REASON, impersonationStartBody } from '@portico/common';
import type { z } from 'zod';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Input } from '../../ui/Field';
import { ReasonField } from './ReasonField';
import { FormActions } from '../../ui/Form';
import { Skeleton } from '../../ui/Skeleton';
import { errorMessage } from '../../lib/api/http';
import { registeredField } from '../../lib/forms/registered-field';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useStartImpersonation } from '../../lib/session/impersonation';
import { useUserSearch } from './api/super-users';
import { Legend } from './panels/parts';
import styles from './ImpersonateDialog.module.css';

/** platform-console §9: the user search waits 300 ms after the last keystroke. */
const USER_SEARCH_DEBOUNCE_MS = 300;

/**
 * platform-console §2 Impersonate modal: search by email, choose one person from the matches, give
 * a reason (default 'Support request'); Start is disabled until someone is chosen (§5).
 */
export function ImpersonateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Impersonate a user"
      description="Open a 60-minute session as someone to see what they see. It is recorded in their workspace."
    >
      {/* Mounted only while open, so each opening starts empty. */}
      {open && <ImpersonateForm onCancel={onClose} />}
    </Dialog>
  );
}

function ImpersonateForm({ onCancel }: { onCancel: () => void }) {
  const [query, setQuery] = useState('');
  const form = useForm<z.input<typeof impersonationStartBody>, unknown, z.output<typeof impersonationStartBody>>({
    resolver: zodResolver(impersonationStartBody),
    defaultValues: { targetUserId: '', reason: DEFAULT_IMPERSONATION_REASON },
    mode: 'onChange',
  });
  const chosenId = useWatch({ control: form.control, name: 'targetUserId' });
  const debounced = useDebouncedValue(query.trim(), USER_SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(debounced);
  const start = useStartImpersonation();
  const begin = useMutation({ mutationFn: start });
  const reasonMissing = form.formState.errors.reason !== undefined;
  // A choice counts while it is among the results shown: a new search that drops it un-chooses it.
  const chosen = debounced === '' ? undefined : search.data?.users.find((u) => u.id === chosenId);

  const onSubmit = form.handleSubmit((body) => {
    if (chosen) begin.mutate(body);
  });

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Input
        type="search"
        aria-label="Search users by email"
        placeholder="Search by email"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoFocus
      />
      <fieldset className={styles.results} aria-busy={search.isFetching || undefined}>
        <Legend>Matching users</Legend>
        {debounced === '' ? (
          <EmptyState icon={UserRoundSearch} message="Type part of an email address to find someone." />
        ) : search.isPending ? (
          <div role="status" aria-label="Searching" className={styles.loading}>
            <Skeleton height={36} />
            <Skeleton height={36} />
          </div>
        ) : search.isError ? (
          <ErrorState
            message={errorMessage(search.error, 'The search failed.')}
            onRetry={() => void search.refetch()}
            retrying={search.isFetching}
          />
        ) : search.data.users.length === 0 ? (
          <EmptyState icon={UserRoundSearch} message="No users match this search." />
        ) : (
          <ul className={styles.list}>
            {search.data.users.map((user) => (
              <li key={user.id}>
                <label className={styles.choice}>
                  <input
                    type="radio"
                    name="impersonate-user"
                    value={user.id}
                    checked={chosenId === user.id}
                    onChange={() => form.setValue('targetUserId', user.id, { shouldValidate: true })}
                  />
                  <span className={styles.email}>{user.email}</span>
                  <span className={styles.meta}>
                    {user.role}
                    {user.workspaces.length > 0 ? ` · ${user.workspaces.join(', ')}` : ' · no workspace'}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <ReasonField
        {...registeredField(form, 'reason')}
        help="Recorded in the audit log and shown to the person’s workspace admins."
      />
      {begin.isError && (
        <Alert tone="error">{errorMessage(begin.error, 'The impersonation could not be started.')}</Alert>
      )}
      <FormActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {/* Still busy once started: the app is on its way to the person's home. */}
        <Button type="submit" disabled={!chosen || reasonMissing} loading={begin.isPending || begin.isSuccess}>
          Start
        </Button>
      </FormActions>
    </form>
  );
}
