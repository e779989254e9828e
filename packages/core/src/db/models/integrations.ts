import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';
import type { DeliveryStatus, WebhookEvents } from '@portico/common';

export type { DeliveryStatus, WebhookEvents };

/** A bearer token for the public API, bound to one tenant; only its SHA-256 hash is kept. */
export class ApiKey extends Model<InferAttributes<ApiKey>, InferCreationAttributes<ApiKey>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare label: string;
  /** The first characters of the key, to tell keys apart in lists. */
  declare key_prefix: string;
  declare key_hash: string;
  declare created_by: string | null;
  declare last_used_at: CreationOptional<Date | null>;
  /** Calls made with the key up to the last flush (more may wait in Redis); bigint, read as text. */
  declare calls_count: CreationOptional<string>;
  declare revoked_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        label: { type: DataTypes.STRING(100), allowNull: false },
        key_prefix: { type: DataTypes.STRING(16), allowNull: false },
        key_hash: { type: DataTypes.CHAR(64), allowNull: false },
        created_by: DataTypes.UUID,
        last_used_at: DataTypes.DATE,
        calls_count: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
        revoked_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'api_keys' },
    );
  }
}

/** An outgoing webhook of a tenant; its signing secret is encrypted with SECRETS_KEY. */
export class Webhook extends Model<InferAttributes<Webhook>, InferCreationAttributes<Webhook>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare url: string;
  declare events: WebhookEvents;
  declare enabled: CreationOptional<boolean>;
  declare secret_encrypted: string;
  /** Deliveries that failed in a row; reset by a success. */
  declare consecutive_failures: CreationOptional<number>;
  /** Why the webhook was disabled automatically; null when enabled or disabled by a person. */
  declare disabled_reason: CreationOptional<string | null>;
  declare created_by: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        url: { type: DataTypes.TEXT, allowNull: false },
        events: { type: DataTypes.STRING(8), allowNull: false },
        enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        secret_encrypted: { type: DataTypes.TEXT, allowNull: false },
        consecutive_failures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        disabled_reason: DataTypes.TEXT,
        created_by: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'webhooks' },
    );
  }
}

/** One event (or ping) to deliver to one webhook, with its outcome. */
export class WebhookDelivery extends Model<InferAttributes<WebhookDelivery>, InferCreationAttributes<WebhookDelivery>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare webhook_id: string;
  /** The tenant event delivered; null for a ping. */
  declare event_id: string | null;
  /** The `webhook-id` receivers deduplicate on: the event id, kept by replays. */
  declare message_id: string;
  declare event_type: string;
  /** The JSON body as sent. */
  declare payload: Record<string, unknown>;
  declare status: CreationOptional<DeliveryStatus>;
  declare attempts: CreationOptional<number>;
  declare last_status_code: CreationOptional<number | null>;
  declare last_error: CreationOptional<string | null>;
  declare replay_of: CreationOptional<string | null>;
  declare completed_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        webhook_id: { type: DataTypes.UUID, allowNull: false },
        event_id: DataTypes.UUID,
        message_id: { type: DataTypes.STRING(64), allowNull: false },
        event_type: { type: DataTypes.STRING(64), allowNull: false },
        payload: { type: DataTypes.JSONB, allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        last_status_code: DataTypes.INTEGER,
        last_error: DataTypes.TEXT,
        replay_of: DataTypes.UUID,
        completed_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'webhook_deliveries' },
    );
  }
}

/** One HTTP attempt of a delivery: what came back and how long it took. */
export class WebhookAttempt extends Model<InferAttributes<WebhookAttempt>, InferCreationAttributes<WebhookAttempt>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare delivery_id: string;
  declare attempt: number;
  declare status_code: number | null;
  declare duration_ms: number;
  declare response_excerpt: string | null;
  declare error: string | null;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        delivery_id: { type: DataTypes.UUID, allowNull: false },
        attempt: { type: DataTypes.INTEGER, allowNull: false },
        status_code: DataTypes.INTEGER,
        duration_ms: { type: DataTypes.INTEGER, allowNull: false },
        response_excerpt: DataTypes.TEXT,
        error: DataTypes.TEXT,
        created_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'webhook_attempts', updatedAt: false },
    );
  }
}

/** A workspace's integration switched on or off by the platform (no row: on). */
export class TenantIntegration extends Model<
  InferAttributes<TenantIntegration>,
  InferCreationAttributes<TenantIntegration>
> {
  declare tenant_id: string;
  declare key: string;
  declare enabled: boolean;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        tenant_id: { type: DataTypes.UUID, primaryKey: true },
        key: { type: DataTypes.STRING(16), primaryKey: true },
        enabled: { type: DataTypes.BOOLEAN, allowNull: false },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'tenant_integrations' },
    );
  }
}

/** A workspace's own Slack incoming webhook, stored encrypted; form submissions are posted there. */
export class TenantSlackWebhook extends Model<
  InferAttributes<TenantSlackWebhook>,
  InferCreationAttributes<TenantSlackWebhook>
> {
  declare tenant_id: string;
  declare url_encrypted: string;
  declare url_last4: string;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        tenant_id: { type: DataTypes.UUID, primaryKey: true },
        url_encrypted: { type: DataTypes.TEXT, allowNull: false },
        url_last4: { type: DataTypes.STRING(4), allowNull: false },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'tenant_slack_webhooks' },
    );
  }
}
