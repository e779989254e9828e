import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/**
 * A folder of a workspace's files (issue 33): nestable, shared like a file with a member and/or
 * role keys; with neither, it takes the audience of its nearest folder that has one.
 */
export class Folder extends Model<InferAttributes<Folder>, InferCreationAttributes<Folder>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  /** Null at the top level. */
  declare parent_id: string | null;
  declare name: string;
  declare user_id: string | null;
  declare assigned_roles: CreationOptional<string[]>;
  declare created_by: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        parent_id: DataTypes.UUID,
        name: { type: DataTypes.STRING(255), allowNull: false },
        user_id: DataTypes.UUID,
        assigned_roles: { type: DataTypes.ARRAY(DataTypes.TEXT), allowNull: false, defaultValue: [] },
        created_by: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'folders' },
    );
  }
}
