import type { Transaction } from 'sequelize';
import type { FeatureFlag, PlatformSetting } from '../db/models';
import type { ServiceContext } from '../scope';

/* The saved Super Settings and feature flags (issue 29: one data file per folder). */

type Db = Pick<ServiceContext, 'db'>;

export function findSettingsSections(ctx: Db): Promise<PlatformSetting[]> {
  return ctx.db.PlatformSetting.findAll();
}

export function findFeatureFlags(ctx: Db): Promise<FeatureFlag[]> {
  return ctx.db.FeatureFlag.findAll();
}

export async function upsertSettingsSection(
  ctx: Db,
  section: string,
  value: Record<string, unknown>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.PlatformSetting.upsert({ section, value }, { transaction });
}

export async function upsertFeatureFlag(
  ctx: Db,
  key: string,
  enabled: boolean,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.FeatureFlag.upsert({ key, enabled }, { transaction });
}
