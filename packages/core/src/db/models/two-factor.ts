import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A person's authenticator secret: on once `enabled_at` is set, an enrolment in progress before. */
export class UserTwoFactor extends Model<InferAttributes<UserTwoFactor>, InferCreationAttributes<UserTwoFactor>> {
  declare user_id: string;
  declare secret_encrypted: string;
  declare enabled_at: CreationOptional<Date | null>;
  /** The newest 30-second step a code was accepted for (a string: PostgreSQL's bigint). */
  declare last_used_step: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        user_id: { type: DataTypes.UUID, primaryKey: true },
        secret_encrypted: { type: DataTypes.TEXT, allowNull: false },
        enabled_at: DataTypes.DATE,
        last_used_step: DataTypes.BIGINT,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'user_two_factor' },
    );
  }
}

export class TwoFactorRecoveryCode extends Model<
  InferAttributes<TwoFactorRecoveryCode>,
  InferCreationAttributes<TwoFactorRecoveryCode>
> {
  declare id: CreationOptional<string>;
  declare user_id: string;
  declare code_hash: string;
  declare used_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        user_id: { type: DataTypes.UUID, allowNull: false },
        code_hash: { type: DataTypes.CHAR(64), allowNull: false },
        used_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'two_factor_recovery_codes' },
    );
  }
}

export type TwoFactorChallengePurpose = 'verify' | 'enrol';

export class TwoFactorChallenge extends Model<
  InferAttributes<TwoFactorChallenge>,
  InferCreationAttributes<TwoFactorChallenge>
> {
  declare id: CreationOptional<string>;
  declare user_id: string;
  declare token_hash: string;
  declare purpose: TwoFactorChallengePurpose;
  declare expires_at: Date;
  declare used_at: CreationOptional<Date | null>;
  /** The workspace whose single sign-on passed the first factor: the session it leads to says so. */
  declare sso_tenant_id: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        user_id: { type: DataTypes.UUID, allowNull: false },
        token_hash: { type: DataTypes.CHAR(64), allowNull: false },
        purpose: { type: DataTypes.STRING(10), allowNull: false },
        expires_at: { type: DataTypes.DATE, allowNull: false },
        used_at: DataTypes.DATE,
        sso_tenant_id: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'two_factor_challenges' },
    );
  }
}
