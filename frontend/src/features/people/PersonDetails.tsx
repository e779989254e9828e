import type { ReactNode } from 'react';
import type { RoleType } from '@portico/common';
import type { Person } from './api/people';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DetailList } from '../../ui/DetailList';
import { RoleBadge } from '../../ui/RoleBadge';
import { formatDate, personName } from '../../ui/format';
import { FormActions } from '../../ui/Form';
import styles from './PersonDetails.module.css';

export function StatusBadge({ status }: { status: Person['status'] }) {
  return status === 'active' ? <Badge tone="green">Active</Badge> : <Badge tone="red">Suspended</Badge>;
}

/** The details drawer's content: everything the table knows about one person. */
export function PersonDetails({
  person,
  roles,
  onEdit,
}: {
  person: Person;
  roles: readonly RoleType[] | undefined;
  onEdit: () => void;
}) {
  const rows: Array<[string, ReactNode]> = [
    ['Email', person.email],
    ['Role', <RoleBadge key="role" roleKey={person.role} roles={roles} />],
    ['Status', <StatusBadge key="status" status={person.status} />],
    ['Phone', person.phone ?? '—'],
    [
      'LinkedIn',
      person.linkedin ? (
        <a key="linkedin" href={person.linkedin} target="_blank" rel="noreferrer noopener">
          {person.linkedin}
        </a>
      ) : (
        '—'
      ),
    ],
    ['Joined', formatDate(person.created_at)],
    ['Last sign-in', person.last_sign_in_at ? formatDate(person.last_sign_in_at) : 'Never'],
  ];
  return (
    <div className={styles.details}>
      <p className={styles.name}>{personName(person.first_name, person.last_name, person.email)}</p>
      <DetailList rows={rows} />
      <FormActions>
        <Button onClick={onEdit}>Edit</Button>
      </FormActions>
    </div>
  );
}
