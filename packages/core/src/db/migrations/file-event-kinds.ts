import { QueryTypes, type Sequelize } from 'sequelize';

/*
 * Several changes of issue 33 (versions, share links, folders) each add kinds to
 * `file_events_kind_check`; whatever order their migrations run in, each reads back the kinds
 * already allowed and keeps them rather than listing them again.
 */

/** The kinds `file_events_kind_check` allows now. */
async function allowedKinds(sequelize: Sequelize): Promise<string[]> {
  const [row] = await sequelize.query<{ def: string }>(
    `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conname = 'file_events_kind_check' AND conrelid = 'file_events'::regclass`,
    { type: QueryTypes.SELECT },
  );
  return [...(row?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
}

async function allowKinds(sequelize: Sequelize, kinds: string[]): Promise<void> {
  const list = kinds.map((k) => `'${k}'`).join(', ');
  await sequelize.query(`
    ALTER TABLE file_events DROP CONSTRAINT file_events_kind_check;
    ALTER TABLE file_events ADD CONSTRAINT file_events_kind_check CHECK (kind IN (${list}));
  `);
}

/** Allows these kinds besides those already allowed. */
export async function addFileEventKinds(sequelize: Sequelize, kinds: readonly string[]): Promise<void> {
  await allowKinds(sequelize, [...new Set([...(await allowedKinds(sequelize)), ...kinds])]);
}

/** Removes these kinds, and the events of them, keeping the others. */
export async function dropFileEventKinds(sequelize: Sequelize, kinds: readonly string[]): Promise<void> {
  await sequelize.query('DELETE FROM file_events WHERE kind = ANY($1::text[])', { bind: [kinds] });
  await allowKinds(
    sequelize,
    (await allowedKinds(sequelize)).filter((k) => !kinds.includes(k)),
  );
}
