import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { InboxEmailChoices, MembershipStatus, MessageEmailSetting, RoleColor, RoleKind } from '@portico/common';
import type { Tenant } from './tenant';
import type { User, Profile } from './user';

export type { MembershipStatus };

export class Membership extends Model<InferAttributes<Membership>, InferCreationAttributes<Membership>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare user_id: string;
  declare role: string;
  declare status: CreationOptional<MembershipStatus>;
  /** How they hear of unread messages here (issue 32); null follows their role's kind. */
  declare message_email: CreationOptional<MessageEmailSetting | null>;
  /** How they hear of each kind of inbox item by email here (issue 33); a kind left out follows their role. */
  declare inbox_email: CreationOptional<InboxEmailChoices>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
  declare tenant?: NonAttribute<Tenant>;
  declare user?: NonAttribute<User & { profile?: Profile | null }>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        user_id: { type: DataTypes.UUID, allowNull: false },
        role: { type: DataTypes.STRING(64), allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'active' },
        message_email: DataTypes.STRING(16),
        inbox_email: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'memberships' },
    );
  }
}

export class TenantRoleType extends Model<InferAttributes<TenantRoleType>, InferCreationAttributes<TenantRoleType>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare role_key: string;
  declare role_label: string;
  declare role_color: RoleColor;
  declare kind: RoleKind;
  declare sort_order: CreationOptional<number>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        role_key: { type: DataTypes.STRING(64), allowNull: false },
        role_label: { type: DataTypes.STRING(64), allowNull: false },
        role_color: { type: DataTypes.STRING(16), allowNull: false },
        kind: { type: DataTypes.STRING(16), allowNull: false },
        sort_order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'tenant_role_types' },
    );
  }
}

export class Invitation extends Model<InferAttributes<Invitation>, InferCreationAttributes<Invitation>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare email: string;
  declare role: string;
  declare token_hash: string;
  declare invited_by: string | null;
  declare expires_at: Date;
  declare accepted_at: CreationOptional<Date | null>;
  declare accepted_by: CreationOptional<string | null>;
  declare revoked_at: CreationOptional<Date | null>;
  declare revoked_by: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
  declare tenant?: NonAttribute<Tenant>;
  declare inviter?: NonAttribute<(User & { profile?: Profile | null }) | null>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        email: {
          type: DataTypes.STRING(320),
          allowNull: false,
          set(v: string) {
            this.setDataValue('email', v.trim().toLowerCase());
          },
        },
        role: { type: DataTypes.STRING(64), allowNull: false },
        token_hash: { type: DataTypes.CHAR(64), allowNull: false },
        invited_by: DataTypes.UUID,
        expires_at: { type: DataTypes.DATE, allowNull: false },
        accepted_at: DataTypes.DATE,
        accepted_by: DataTypes.UUID,
        revoked_at: DataTypes.DATE,
        revoked_by: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'invitations' },
    );
  }
}
