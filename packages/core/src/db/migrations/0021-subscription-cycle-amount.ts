import type { Migration } from '../migrator';

/*
 * What a subscription charges each cycle, all its items together (issue 28): a signup's plan
 * subscription also carries its extra admin seats as a second item, which the first item's unit
 * amount × quantity leaves out of the next charge and the operator's MRR.
 */
export const up: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`
    ALTER TABLE billing_subscriptions ADD COLUMN cycle_amount_cents integer CHECK (cycle_amount_cents >= 0);
    UPDATE billing_subscriptions SET cycle_amount_cents = unit_amount_cents * quantity WHERE unit_amount_cents IS NOT NULL;
  `);
};

export const down: Migration = async ({ context: sequelize }) => {
  await sequelize.query(`ALTER TABLE billing_subscriptions DROP COLUMN IF EXISTS cycle_amount_cents;`);
};
