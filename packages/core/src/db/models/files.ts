import type { FileEventKind, FileKind } from '@portico/common';
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

export type { FileEventKind, FileKind };

/** A file shared in a workspace: one recipient (user_id), role keys, or both. Several rows may share one stored object. */
export class FileRecord extends Model<InferAttributes<FileRecord>, InferCreationAttributes<FileRecord>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare title: string;
  declare original_name: string;
  declare content_type: string;
  declare kind: FileKind;
  declare size_bytes: number;
  declare storage_key: string;
  declare user_id: string | null;
  declare assigned_roles: CreationOptional<string[]>;
  declare uploaded_by: string | null;
  /** The folder it is in; null at the top level. */
  declare folder_id: CreationOptional<string | null>;
  /** Set when the file was uploaded as the answer to a question of this form. */
  declare form_id: CreationOptional<string | null>;
  /** Set while the file is deleted: it is listed nowhere, and the purge removes it 30 days on. */
  declare deleted_at: CreationOptional<Date | null>;
  declare deleted_by: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        title: { type: DataTypes.STRING(255), allowNull: false },
        original_name: { type: DataTypes.STRING(255), allowNull: false },
        content_type: { type: DataTypes.STRING(255), allowNull: false },
        kind: { type: DataTypes.STRING(16), allowNull: false },
        // bigint comes back as a string from pg; sizes here stay far below 2^53.
        size_bytes: {
          type: DataTypes.BIGINT,
          allowNull: false,
          get() {
            return Number(this.getDataValue('size_bytes'));
          },
        },
        storage_key: { type: DataTypes.TEXT, allowNull: false },
        user_id: DataTypes.UUID,
        assigned_roles: { type: DataTypes.ARRAY(DataTypes.TEXT), allowNull: false, defaultValue: [] },
        uploaded_by: DataTypes.UUID,
        folder_id: DataTypes.UUID,
        form_id: DataTypes.UUID,
        deleted_at: DataTypes.DATE,
        deleted_by: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'files' },
    );
  }
}

/** A view (preview), download, deletion, restore, new version or move of a file by someone. */
export class FileEvent extends Model<InferAttributes<FileEvent>, InferCreationAttributes<FileEvent>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare file_id: string;
  declare user_id: string | null;
  declare kind: FileEventKind;
  /** The version a `version` event uploaded. */
  declare version_number: CreationOptional<number | null>;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        file_id: { type: DataTypes.UUID, allowNull: false },
        user_id: DataTypes.UUID,
        kind: { type: DataTypes.STRING(16), allowNull: false },
        version_number: DataTypes.INTEGER,
        created_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'file_events', updatedAt: false },
    );
  }
}
