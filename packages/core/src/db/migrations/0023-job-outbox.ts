import type { Migration } from '../migrator';

/*
 * Follow-up jobs recorded in the transaction of the change that needs them (a deleted workspace's
 * storage removal and Stripe cancellation): a row lives until its job reached the queue, so a
 * process dying between the commit and Redis loses nothing; the outbox sweep queues what is left.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    CREATE TABLE job_outbox (
      job_id varchar(255) PRIMARY KEY,
      queue varchar(32) NOT NULL,
      name varchar(64) NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX job_outbox_created_idx ON job_outbox (created_at);
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query('DROP TABLE IF EXISTS job_outbox');
};
