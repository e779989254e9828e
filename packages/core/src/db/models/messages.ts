import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from 'sequelize';

/** A client's own thread with the team, one with chosen clients, or an announcement to a role (migration 0029). */
export type ThreadKind = 'client' | 'group' | 'broadcast';

/** A conversation of a workspace. */
export class MessageThread extends Model<InferAttributes<MessageThread>, InferCreationAttributes<MessageThread>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare kind: ThreadKind;
  /** The client whose own thread it is (`client` threads only). */
  declare client_id: string | null;
  /** Whose role an announcement is for (`broadcast` threads only). */
  declare role_key: string | null;
  declare subject: string | null;
  declare created_by: string | null;
  declare last_message_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        kind: { type: DataTypes.STRING(16), allowNull: false },
        client_id: DataTypes.UUID,
        role_key: DataTypes.STRING(64),
        subject: DataTypes.STRING(200),
        created_by: DataTypes.UUID,
        last_message_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'message_threads' },
    );
  }
}

/** Someone in a client or group thread (`member`), or only their read state in a thread they read. */
export class ThreadParticipant extends Model<
  InferAttributes<ThreadParticipant>,
  InferCreationAttributes<ThreadParticipant>
> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare thread_id: string;
  declare user_id: string;
  declare member: CreationOptional<boolean>;
  declare last_read_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        thread_id: { type: DataTypes.UUID, allowNull: false },
        user_id: { type: DataTypes.UUID, allowNull: false },
        member: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        last_read_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'thread_participants' },
    );
  }
}

/** A message of a thread; a deleted one keeps its place without its body. */
export class Message extends Model<InferAttributes<Message>, InferCreationAttributes<Message>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare thread_id: string;
  /** Null when an API key posted it, or its author's account is gone. */
  declare author_id: string | null;
  declare api_key_id: CreationOptional<string | null>;
  declare body: string;
  /** A client's reply to an announcement: read by the team and its author only. */
  declare team_only: CreationOptional<boolean>;
  declare edited_at: CreationOptional<Date | null>;
  declare deleted_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        thread_id: { type: DataTypes.UUID, allowNull: false },
        author_id: DataTypes.UUID,
        api_key_id: DataTypes.UUID,
        body: { type: DataTypes.TEXT, allowNull: false },
        team_only: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        edited_at: DataTypes.DATE,
        deleted_at: DataTypes.DATE,
        created_at: DataTypes.DATE,
        updated_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'messages' },
    );
  }
}

/** A file row attached to a message: the one its poster chose, or a `copy` sharing it with the thread's people. */
export class MessageFile extends Model<InferAttributes<MessageFile>, InferCreationAttributes<MessageFile>> {
  declare id: CreationOptional<string>;
  declare tenant_id: string;
  declare message_id: string;
  declare file_id: string;
  /** The attachment's place in the message; its copies share it. */
  declare position: number;
  declare copy: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    this.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
        tenant_id: { type: DataTypes.UUID, allowNull: false },
        message_id: { type: DataTypes.UUID, allowNull: false },
        file_id: { type: DataTypes.UUID, allowNull: false },
        position: { type: DataTypes.SMALLINT, allowNull: false },
        copy: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        created_at: DataTypes.DATE,
      },
      { sequelize, tableName: 'message_files', updatedAt: false },
    );
  }
}
