import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';

export class RefreshTokenFamily extends Model<
  InferAttributes<RefreshTokenFamily>,
  InferCreationAttributes<RefreshTokenFamily>
> {
  declare id: CreationOptional<string>;
  declare user_id: string;
  declare expires_at: Date;
  declare revoked_at: CreationOptional<Date | null>;
  declare revoked_reason: CreationOptional<string | null>;
  /** The super admin impersonating the user in this session; null for the user's own sessions. */
  declare impersonator_user_id: CreationOptional<string | null>;
  declare impersonation_reason: CreationOptional<string | null>;
  /** The workspace whose single sign-on made this session; null for any other sign-in. */
  declare sso_tenant_id: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        user_id: { type: DataTypes.UUID, allowNull: false },
        expires_at: { type: DataTypes.DATE, allowNull: false },
        revoked_at: DataTypes.DATE,
        revoked_reason: DataTypes.STRING(64),
        impersonator_user_id: DataTypes.UUID,
        impersonation_reason: DataTypes.TEXT,
        sso_tenant_id: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'refresh_token_families' },
    );
  }
}

export class RefreshToken extends Model<InferAttributes<RefreshToken>, InferCreationAttributes<RefreshToken>> {
  declare id: CreationOptional<string>;
  declare family_id: string;
  declare token_hash: string;
  declare rotated_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
  declare family?: NonAttribute<RefreshTokenFamily>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        family_id: { type: DataTypes.UUID, allowNull: false },
        token_hash: { type: DataTypes.CHAR(64), allowNull: false },
        rotated_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'refresh_tokens' },
    );
  }
}

export class PasswordResetToken extends Model<
  InferAttributes<PasswordResetToken>,
  InferCreationAttributes<PasswordResetToken>
> {
  declare id: CreationOptional<string>;
  declare user_id: string;
  declare token_hash: string;
  declare expires_at: Date;
  declare used_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        user_id: { type: DataTypes.UUID, allowNull: false },
        token_hash: { type: DataTypes.CHAR(64), allowNull: false },
        expires_at: { type: DataTypes.DATE, allowNull: false },
        used_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'password_reset_tokens' },
    );
  }
}
