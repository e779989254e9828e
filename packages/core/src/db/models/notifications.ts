import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { AlertAction, AlertMetric, AlertOperator, AlertWindow, AnnouncementAudience } from '@portico/common';

/** A notice shown as a banner to its audience between `start_at` and `end_at` (platform-console §2 Banners). */
export class Announcement extends Model<InferAttributes<Announcement>, InferCreationAttributes<Announcement>> {
  declare id: CreationOptional<string>;
  declare title: string;
  declare message: string;
  declare audience: AnnouncementAudience;
  /** The tier of audience `plan`. */
  declare plan: string | null;
  /** The workspaces of audience `tenants`. */
  declare tenant_ids: CreationOptional<string[]>;
  /** Shown to the workspaces' admins and owners only (an alert rule's announcement). */
  declare admins_only: CreationOptional<boolean>;
  declare email_admins: CreationOptional<boolean>;
  declare start_at: Date;
  declare end_at: Date;
  /** When the `announcement` event went out (at creation, or the scheduler's tick once the window opened). */
  declare pushed_at: CreationOptional<Date | null>;
  /** The alert rule that announced it, if one did. */
  declare alert_rule_id: CreationOptional<string | null>;
  declare created_by: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        title: { type: DataTypes.STRING(200), allowNull: false },
        message: { type: DataTypes.TEXT, allowNull: false },
        audience: { type: DataTypes.STRING(16), allowNull: false },
        plan: DataTypes.STRING(16),
        tenant_ids: { type: DataTypes.ARRAY(DataTypes.UUID), allowNull: false, defaultValue: [] },
        admins_only: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        email_admins: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        start_at: { type: DataTypes.DATE, allowNull: false },
        end_at: { type: DataTypes.DATE, allowNull: false },
        pushed_at: DataTypes.DATE,
        alert_rule_id: DataTypes.UUID,
        created_by: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'announcements' },
    );
  }
}

export class AnnouncementDismissal extends Model<
  InferAttributes<AnnouncementDismissal>,
  InferCreationAttributes<AnnouncementDismissal>
> {
  declare announcement_id: string;
  declare user_id: string;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        announcement_id: { type: DataTypes.UUID, primaryKey: true },
        user_id: { type: DataTypes.UUID, primaryKey: true },
        created_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'announcement_dismissals', updatedAt: false },
    );
  }
}

/** A threshold on one of the console's figures; the scheduler evaluates it every minute. */
export class AlertRule extends Model<InferAttributes<AlertRule>, InferCreationAttributes<AlertRule>> {
  declare id: CreationOptional<string>;
  declare metric: AlertMetric;
  declare operator: AlertOperator;
  declare threshold: number;
  declare window: AlertWindow;
  declare actions: AlertAction[];
  declare enabled: CreationOptional<boolean>;
  /** Whether the last evaluation found the condition true: a rule fires when this turns true. */
  declare breached: CreationOptional<boolean>;
  declare last_value: CreationOptional<number | null>;
  declare last_evaluated_at: CreationOptional<Date | null>;
  declare last_triggered_at: CreationOptional<Date | null>;
  declare created_by: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        metric: { type: DataTypes.STRING(32), allowNull: false },
        operator: { type: DataTypes.STRING(1), allowNull: false },
        threshold: { type: DataTypes.DOUBLE, allowNull: false },
        window: { type: DataTypes.STRING(8), allowNull: false },
        actions: { type: DataTypes.ARRAY(DataTypes.STRING(32)), allowNull: false },
        enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        breached: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        last_value: DataTypes.DOUBLE,
        last_evaluated_at: DataTypes.DATE,
        last_triggered_at: DataTypes.DATE,
        created_by: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'alert_rules' },
    );
  }
}
