import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<string>;
  declare email: string;
  declare password_hash: string;
  declare role: CreationOptional<string | null>;
  declare last_sign_in_at: CreationOptional<Date | null>;
  /** When a link sent to `email` was opened; null while the address is unproven. */
  declare email_verified_at: CreationOptional<Date | null>;
  /** The address the person asked to move to, until a link sent to it is opened. */
  declare pending_email: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        email: {
          type: DataTypes.STRING(320),
          allowNull: false,
          set(v: string) {
            this.setDataValue('email', v.trim().toLowerCase());
          },
        },
        password_hash: { type: DataTypes.TEXT, allowNull: false },
        role: { type: DataTypes.STRING(64), allowNull: true },
        last_sign_in_at: { type: DataTypes.DATE, allowNull: true },
        email_verified_at: { type: DataTypes.DATE, allowNull: true },
        pending_email: { type: DataTypes.STRING(320), allowNull: true },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'users' },
    );
  }
}

export class Profile extends Model<InferAttributes<Profile>, InferCreationAttributes<Profile>> {
  declare id: string;
  declare first_name: CreationOptional<string | null>;
  declare last_name: CreationOptional<string | null>;
  declare phone: CreationOptional<string | null>;
  declare linkedin: CreationOptional<string | null>;
  declare title: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true },
        first_name: DataTypes.STRING(100),
        last_name: DataTypes.STRING(100),
        phone: DataTypes.STRING(40),
        linkedin: DataTypes.STRING(500),
        title: DataTypes.STRING(100),
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'profiles' },
    );
  }
}

export class UserGlobalRole extends Model<InferAttributes<UserGlobalRole>, InferCreationAttributes<UserGlobalRole>> {
  declare user_id: string;
  declare role: string;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        user_id: { type: DataTypes.UUID, primaryKey: true },
        role: { type: DataTypes.STRING(32), primaryKey: true },
        created_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'user_global_roles', updatedAt: false },
    );
  }
}
