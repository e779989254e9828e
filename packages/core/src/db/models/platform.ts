import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export class AuditLog extends Model<InferAttributes<AuditLog>, InferCreationAttributes<AuditLog>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string | null;
  declare actor_user_id: string | null;
  declare action: string;
  declare entity_type: string;
  declare entity_id: string | null;
  declare reason: CreationOptional<string | null>;
  declare details: CreationOptional<Record<string, unknown>>;
  declare ip: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: DataTypes.UUID,
        actor_user_id: DataTypes.UUID,
        action: { type: DataTypes.STRING(100), allowNull: false },
        entity_type: { type: DataTypes.STRING(50), allowNull: false },
        entity_id: DataTypes.STRING(100),
        reason: DataTypes.TEXT,
        details: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        ip: DataTypes.STRING(64),
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'audit_logs' },
    );
  }
}

/**
 * `sending`: handed to SMTP under `message_id`, its outcome not yet recorded (integrations/mail.ts).
 * `held`: mail to a workspace's clients kept, never queued, until its owner confirms their address.
 */
export type OutboxStatus = 'held' | 'queued' | 'sending' | 'sent' | 'logged' | 'failed';

export class EmailOutbox extends Model<InferAttributes<EmailOutbox>, InferCreationAttributes<EmailOutbox>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string | null;
  declare template: string;
  declare to_address: string;
  declare subject: string;
  declare html: string;
  declare text_body: string;
  declare status: CreationOptional<OutboxStatus>;
  declare attempts: CreationOptional<number>;
  declare last_error: CreationOptional<string | null>;
  /** The Message-ID header the email is sent with, chosen before its first hand-over to SMTP. */
  declare message_id: CreationOptional<string | null>;
  /** Headers it goes out with beyond the usual ones (an inbox email's List-Unsubscribe). */
  declare headers: CreationOptional<Record<string, string> | null>;
  declare sent_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: DataTypes.UUID,
        template: { type: DataTypes.STRING(64), allowNull: false },
        to_address: { type: DataTypes.STRING(320), allowNull: false },
        subject: { type: DataTypes.TEXT, allowNull: false },
        html: { type: DataTypes.TEXT, allowNull: false },
        text_body: { type: DataTypes.TEXT, allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'queued' },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        last_error: DataTypes.TEXT,
        message_id: DataTypes.STRING(255),
        headers: DataTypes.JSONB,
        sent_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'email_outbox' },
    );
  }
}

/** A follow-up job recorded with the change that needs it, kept until its job reached the queue (kernel/job-outbox.ts). */
export class JobOutbox extends Model<InferAttributes<JobOutbox>, InferCreationAttributes<JobOutbox>> {
  /** The BullMQ job id: queueing the row twice makes one job while the queue holds it. */
  declare job_id: string;
  declare queue: string;
  declare name: string;
  declare payload: Record<string, unknown>;
  declare created_at: Date;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        job_id: { type: DataTypes.STRING(255), primaryKey: true },
        queue: { type: DataTypes.STRING(32), allowNull: false },
        name: { type: DataTypes.STRING(64), allowNull: false },
        payload: { type: DataTypes.JSONB, allowNull: false },
        created_at: { type: DataTypes.DATE, allowNull: false },
      },
      { sequelize, tableName: 'job_outbox', timestamps: false },
    );
  }
}

/** One section of the console's Super Settings, as saved (settings/settings.ts fills in the defaults). */
export class PlatformSetting extends Model<InferAttributes<PlatformSetting>, InferCreationAttributes<PlatformSetting>> {
  declare section: string;
  declare value: Record<string, unknown>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        section: { type: DataTypes.STRING(40), primaryKey: true },
        value: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'platform_settings' },
    );
  }
}

/** A feature flag as set by a super admin; a flag without a row is on. */
export class FeatureFlag extends Model<InferAttributes<FeatureFlag>, InferCreationAttributes<FeatureFlag>> {
  declare key: string;
  declare enabled: boolean;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        key: { type: DataTypes.STRING(40), primaryKey: true },
        enabled: { type: DataTypes.BOOLEAN, allowNull: false },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'feature_flags' },
    );
  }
}

/** A platform credential (global integration); the value is stored encrypted, only its last four characters in clear. */
export class GlobalIntegration extends Model<
  InferAttributes<GlobalIntegration>,
  InferCreationAttributes<GlobalIntegration>
> {
  declare key: string;
  declare value_encrypted: string;
  declare value_last4: string;
  /** When Portico last really used it (a Slack post). */
  declare last_used_at: CreationOptional<Date | null>;
  declare updated_by: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        key: { type: DataTypes.STRING(32), primaryKey: true },
        value_encrypted: { type: DataTypes.TEXT, allowNull: false },
        value_last4: { type: DataTypes.STRING(4), allowNull: false },
        last_used_at: DataTypes.DATE,
        updated_by: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'global_integrations' },
    );
  }
}
