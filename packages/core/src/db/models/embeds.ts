import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export type EmbedType = 'role' | 'user';

/** A third-party tool shown in a sandboxed frame to a role, to every member (`all`) or to one user. */
export class Embed extends Model<InferAttributes<Embed>, InferCreationAttributes<Embed>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare title: string;
  declare provider: string;
  declare url: string;
  declare embed_type: EmbedType;
  /** A role key of the tenant or `all`; null for user embeds. */
  declare role: string | null;
  /** The one member a user embed is for; null for role embeds. */
  declare user_id: string | null;
  declare is_active: CreationOptional<boolean>;
  declare sort_order: CreationOptional<number>;
  declare description: CreationOptional<string | null>;
  /** Whether the target refuses to be framed by the portal; null while unknown. */
  declare frame_blocked: CreationOptional<boolean | null>;
  declare frame_checked_at: CreationOptional<Date | null>;
  declare created_by: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        title: { type: DataTypes.STRING(200), allowNull: false },
        provider: { type: DataTypes.STRING(32), allowNull: false },
        url: { type: DataTypes.TEXT, allowNull: false },
        embed_type: { type: DataTypes.STRING(8), allowNull: false },
        role: DataTypes.STRING(64),
        user_id: DataTypes.UUID,
        is_active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        sort_order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        description: DataTypes.TEXT,
        frame_blocked: DataTypes.BOOLEAN,
        frame_checked_at: DataTypes.DATE,
        created_by: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'embeds' },
    );
  }
}
