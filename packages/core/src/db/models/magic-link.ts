import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** An emailed sign-in link: its token, its code and the browser it is bound to, each kept as a hash. */
export class MagicLink extends Model<InferAttributes<MagicLink>, InferCreationAttributes<MagicLink>> {
  declare id: CreationOptional<string>;
  declare user_id: string;
  declare token_hash: string;
  declare code_hash: string;
  declare browser_hash: string;
  declare wrong_codes: CreationOptional<number>;
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
        code_hash: { type: DataTypes.CHAR(64), allowNull: false },
        browser_hash: { type: DataTypes.CHAR(64), allowNull: false },
        wrong_codes: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        expires_at: { type: DataTypes.DATE, allowNull: false },
        used_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'magic_links' },
    );
  }
}

/** A link that proves an address: the account's own (`email` equal to it) or the one it asked to move to. */
export class EmailVerification extends Model<
  InferAttributes<EmailVerification>,
  InferCreationAttributes<EmailVerification>
> {
  declare id: CreationOptional<string>;
  declare user_id: string;
  declare email: string;
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
        email: { type: DataTypes.STRING(320), allowNull: false },
        token_hash: { type: DataTypes.CHAR(64), allowNull: false },
        expires_at: { type: DataTypes.DATE, allowNull: false },
        used_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'email_verifications' },
    );
  }
}
