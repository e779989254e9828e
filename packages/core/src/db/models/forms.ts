import type { AnswerValue, FormQuestion, FormStatus, FormTheme, QuestionType } from '@portico/common';
import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A form of a tenant: its current questions and theme, and who it is assigned to. */
export class Form extends Model<InferAttributes<Form>, InferCreationAttributes<Form>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare title: string;
  declare description: CreationOptional<string>;
  declare status: CreationOptional<FormStatus>;
  declare assigned_roles: CreationOptional<string[]>;
  declare fields: FormQuestion[];
  declare theme: FormTheme;
  /** The number of the current snapshot in form_versions. */
  declare version: CreationOptional<number>;
  declare created_by: string | null;
  declare updated_by: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        title: { type: DataTypes.STRING(200), allowNull: false },
        description: { type: DataTypes.TEXT, allowNull: false, defaultValue: '' },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'draft' },
        assigned_roles: { type: DataTypes.ARRAY(DataTypes.TEXT), allowNull: false, defaultValue: [] },
        fields: { type: DataTypes.JSONB, allowNull: false },
        theme: { type: DataTypes.JSONB, allowNull: false },
        version: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
        created_by: DataTypes.UUID,
        updated_by: DataTypes.UUID,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'forms' },
    );
  }
}

/** An immutable snapshot of a form's questions and theme that responses point at. */
export class FormVersion extends Model<InferAttributes<FormVersion>, InferCreationAttributes<FormVersion>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare form_id: string;
  declare version: number;
  declare fields: FormQuestion[];
  declare theme: FormTheme;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        form_id: { type: DataTypes.UUID, allowNull: false },
        version: { type: DataTypes.INTEGER, allowNull: false },
        fields: { type: DataTypes.JSONB, allowNull: false },
        theme: { type: DataTypes.JSONB, allowNull: false },
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'form_versions' },
    );
  }
}

/** One answer as stored: the value with the question's label and type when it was answered. */
export interface StoredAnswer {
  label: string;
  type: QuestionType;
  value: AnswerValue;
}

/** A submission: answers keyed by question id, against one version of the form. */
export class FormResponse extends Model<InferAttributes<FormResponse>, InferCreationAttributes<FormResponse>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare form_id: string;
  declare form_version_id: string;
  declare user_id: string | null;
  declare user_email: string;
  declare user_name: string | null;
  declare answers: Record<string, StoredAnswer>;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        form_id: { type: DataTypes.UUID, allowNull: false },
        form_version_id: { type: DataTypes.UUID, allowNull: false },
        user_id: DataTypes.UUID,
        user_email: { type: DataTypes.STRING(320), allowNull: false },
        user_name: DataTypes.STRING(300),
        answers: { type: DataTypes.JSONB, allowNull: false },
        created_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'form_responses', updatedAt: false },
    );
  }
}

/** Something that happened in a tenant, recorded with the change for outgoing webhooks (outbox). */
export class TenantEvent extends Model<InferAttributes<TenantEvent>, InferCreationAttributes<TenantEvent>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare type: string;
  declare data: Record<string, unknown>;
  declare created_at: CreationOptional<Date>;
  declare dispatched_at: CreationOptional<Date | null>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        type: { type: DataTypes.STRING(64), allowNull: false },
        data: { type: DataTypes.JSONB, allowNull: false },
        created_at: DataTypes.DATE,
        dispatched_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'tenant_events', updatedAt: false },
    );
  }
}
