/**
 * Generated from the API's OpenAPI document by `npm run api:types` (scripts/generate-api-types.ts).
 * Do not edit: change the route's declaration in api/src and generate again.
 */
export interface paths {
  '/v1/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List members */
    get: operations['listMembers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/members/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a member */
    get: operations['getMember'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/files': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List files */
    get: operations['listFiles'];
    put?: never;
    /**
     * Upload a file
     * @description Stores the file and shares it with a member (`user_id`) and/or roles (`assigned_roles`).
     */
    post: operations['uploadFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/files/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a file */
    get: operations['getFile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/files/{id}/download': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a file
     * @description Streams the file. Works with the API key, or without it through the signed `download_url` of the file.
     */
    get: operations['downloadFile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/forms': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List forms */
    get: operations['listForms'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/forms/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a form with its questions and theme */
    get: operations['getForm'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/forms/{id}/responses': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the responses to a form */
    get: operations['listFormResponses'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite someone to the workspace
     * @description Emails an invitation (when the server sends email) and answers its link. The plan’s client limit applies. Inviting an address again replaces its earlier invitation, whose link stops working.
     */
    post: operations['createInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/threads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List threads */
    get: operations['listThreadsWithKey'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/threads/{id}/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a thread’s messages
     * @description The newest page first, oldest first within it; `next_cursor` reads the older messages.
     */
    get: operations['listMessagesWithKey'];
    put?: never;
    /**
     * Post a message to a thread
     * @description Posted by the workspace (no author). Attached files (`file_ids`) are shared with the thread’s people; `message.created` goes to the webhooks.
     */
    post: operations['postMessageWithKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tenant-config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read the workspace settings */
    get: operations['getWorkspaceSettings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change brand and legal settings
     * @description Any of the fields; `null` clears all but the name.
     */
    patch: operations['updateWorkspaceSettings'];
    trace?: never;
  };
  '/held-mail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Mail to clients waiting for the owner’s confirmation
     * @description A workspace whose owner signed up and has not confirmed their email address keeps its mail to clients (invitations to client roles, sign-in and reset links to clients) until they do; mail to the owner and the team goes out. Confirming (`POST /auth/email/verify`) sends what waited, once.
     */
    get: operations['getHeldMail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tenant-roles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the role types */
    get: operations['listRoleTypes'];
    /**
     * Replace the role types
     * @description `admin` must stay, `owner` is reserved, only `admin` is of kind admin.
     */
    put: operations['replaceRoleTypes'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tenant-config/logo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload the logo
     * @description A PNG, JPEG, WebP or GIF image of at most 2 MB (never SVG); it replaces the previous one.
     */
    post: operations['uploadLogo'];
    /** Remove the logo */
    delete: operations['removeLogo'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tenant-config/favicon': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload the favicon
     * @description A PNG, ICO, JPEG, WebP or GIF image of at most 2 MB (never SVG); it replaces the previous one.
     */
    post: operations['uploadFavicon'];
    /** Remove the favicon */
    delete: operations['removeFavicon'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/public/brand/{tenantId}/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A workspace’s logo or favicon
     * @description Public: the sign-in page shows it. Every upload gets a new name, so the answer is cached for a year.
     */
    get: operations['getBrandImage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/dashboard/admin-stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Counts for the admin dashboard */
    get: operations['getAdminStats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/dashboard/checklist': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The member’s onboarding checklist */
    get: operations['getChecklist'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/recent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The five newest members */
    get: operations['listRecentMembers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Search members, files, forms, embeds and messages */
    get: operations['searchWorkspace'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/embeds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List embeds, or read one with `id`
     * @description Admins get every embed, filtered; members (and `visible=true`) the embeds visible to them.
     */
    get: operations['listEmbeds'];
    put?: never;
    /**
     * Add an embed
     * @description Its framing is checked after the save (`frame_blocked`).
     */
    post: operations['createEmbed'];
    /** Delete an embed */
    delete: operations['deleteEmbed'];
    options?: never;
    head?: never;
    /**
     * Change an embed
     * @description A new URL is checked for framing again.
     */
    patch: operations['updateEmbed'];
    trace?: never;
  };
  '/embeds/audience-users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Active members a personal embed can be for */
    get: operations['listEmbedAudience'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/embeds/reorder': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Put the embeds in a new order */
    post: operations['reorderEmbeds'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List forms
     * @description Builders get every form; members the published forms assigned to their role.
     */
    get: operations['listWorkspaceForms'];
    put?: never;
    /** Create a form */
    post: operations['createForm'];
    delete?: never;
    options?: never;
    head?: never;
    /** Change a form’s roles or status */
    patch: operations['assignForm'];
    trace?: never;
  };
  '/forms/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a form */
    get: operations['getWorkspaceForm'];
    /**
     * Save a form
     * @description A change to a published form, or to one with responses, starts a new version.
     */
    put: operations['saveForm'];
    post?: never;
    /** Delete a form with its versions and responses */
    delete: operations['deleteForm'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{id}/copy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy a form */
    post: operations['copyForm'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{id}/uploads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Upload a file for a file question */
    post: operations['uploadFormFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{id}/responses': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Submit a response */
    post: operations['submitFormResponse'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/form-responses': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a form’s responses */
    get: operations['listWorkspaceFormResponses'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/form-responses/export.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Export a form’s responses as CSV */
    get: operations['exportFormResponses'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/download.zip': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download several files as one zip
     * @description Each file under its folder’s path below the folders the chosen files share; names are made unique. Records a download of each file in it.
     */
    get: operations['downloadFilesZip'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{id}/download': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a file
     * @description With the bearer token and `x-tenant-id`, or through a signed link from `POST /files/{id}/link`. Records a download.
     */
    get: operations['downloadWorkspaceFile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{id}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Show a file inline
     * @description PDF and PNG, JPEG, GIF and WebP images (never SVG), as for the download. Records a view.
     */
    get: operations['previewWorkspaceFile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the files the caller may see */
    get: operations['listWorkspaceFiles'];
    put?: never;
    /**
     * Share an existing file with a member or roles
     * @description Adds a row pointing at the same stored file; nothing is copied.
     */
    post: operations['shareFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/tenant-users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Active members to share files with */
    get: operations['listFileRecipients'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/upload': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a file
     * @description Streamed to storage. Admins share it with a member and/or roles; other members upload for themselves.
     */
    post: operations['uploadWorkspaceFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one file row */
    get: operations['getWorkspaceFile'];
    put?: never;
    post?: never;
    /**
     * Delete a file
     * @description Leaves every listing, download, link and search at once; `POST /files/{id}/restore` brings it back within 30 days. After that the nightly purge removes it, and its stored object once no row points at it.
     */
    delete: operations['deleteWorkspaceFile'];
    options?: never;
    head?: never;
    /**
     * Rename a file
     * @description Its title, as the lists show it; the stored file and its name stay.
     */
    patch: operations['renameWorkspaceFile'];
    trace?: never;
  };
  '/files/{id}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Undo the deletion of a file
     * @description Within 30 days of it; the same people who may delete the file may restore it. Sent as `file.restored` to the workspace’s webhooks.
     */
    post: operations['restoreWorkspaceFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{id}/link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A signed link to download or preview a file
     * @description For `<a>`, `<img>` and `<iframe>`, which cannot send the bearer token. Valid 5 minutes; every use re-checks the session and access.
     */
    post: operations['linkWorkspaceFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{id}/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Who viewed or downloaded a file */
    get: operations['getFileActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/folders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a folder: the way to it and the folders in it
     * @description The top level without `parent_id`. Admins open every folder; others the folders shared with them (a member’s top level also holds those inside folders they may not open, whose names the breadcrumbs show). The files in a folder are `GET /files?folder_id=`.
     */
    get: operations['listWorkspaceFolders'];
    put?: never;
    /**
     * Make a folder
     * @description At the top level or in `parent_id`, shared with a member and/or roles; with neither it is shared as its parent is (admins only at the top level).
     */
    post: operations['createWorkspaceFolder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/folders/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete an empty folder
     * @description Files deleted from it (still restorable) go back to the top level.
     */
    delete: operations['deleteWorkspaceFolder'];
    options?: never;
    head?: never;
    /**
     * Rename a folder or change whom it is shared with
     * @description `audience` replaces the folder’s audience; choosing nobody shares it as its parent is.
     */
    patch: operations['updateWorkspaceFolder'];
    trace?: never;
  };
  '/folders/{id}/move': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Move a folder into another, or to the top level */
    post: operations['moveWorkspaceFolder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{id}/move': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move a file into a folder, or to the top level
     * @description A file with no member or role of its own is then shared as its new folder is. Recorded in the file’s activity.
     */
    post: operations['moveWorkspaceFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{id}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The versions of a file
     * @description Newest first, to whoever may see the file; a file never given a new version has one, its upload.
     */
    get: operations['listFileVersions'];
    put?: never;
    /**
     * Upload a new version of a file
     * @description Streamed to storage as an upload is. The file keeps its id, title and recipients; its name, type and size become the new version’s, and its download, preview and zip serve it. A share of the file made earlier (`POST /files`) keeps what was shared. Recorded in the file’s activity and sent as `file.version_uploaded`.
     */
    post: operations['uploadFileVersion'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{id}/versions/{versionId}/download': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download one version of a file
     * @description Admins only; everyone who sees the file downloads its latest version from `/files/{id}/download`. Records a download.
     */
    get: operations['downloadFileVersion'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{id}/share-links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a file’s share links
     * @description Active and past, newest first (the latest 200), each with its status; never their tokens.
     */
    get: operations['listShareLinks'];
    put?: never;
    /**
     * Make a share link to a file
     * @description Expires in `expires_in_days` or at `expires_at` (1 hour to 90 days ahead), optionally after `max_downloads`. The answer holds the link’s URL and token, which are never shown again. Audited, and in the file’s activity.
     */
    post: operations['createShareLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/files/{id}/share-links/{linkId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a share link
     * @description It stops working at once; revoking it again changes nothing. Audited, and in the file’s activity.
     */
    delete: operations['revokeShareLink'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/public/share-links/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read what a share link offers
     * @description The file’s name, size and type, when the link expires, the downloads left and the workspace’s brand.
     */
    get: operations['getPublicShareLink'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/public/share-links/{token}/download': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download the file of a share link
     * @description Counts one download of the link (never past its limit) and audits it with the caller’s address.
     */
    get: operations['downloadPublicShareLink'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/threads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the threads the caller may read
     * @description The most recently active first, each with the caller’s unread count and its newest message.
     */
    get: operations['listThreads'];
    put?: never;
    /**
     * Open a thread, or find the client’s own
     * @description A client sending no one gets their own thread with the team (opened on first ask). The team sends one client (their own thread), several (a group thread) or a `role` (an announcement).
     */
    post: operations['openThread'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/threads/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one thread */
    get: operations['getThread'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/threads/{id}/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a thread’s messages
     * @description The newest page first, oldest first within it; `next_cursor` reads the older messages.
     */
    get: operations['listThreadMessages'];
    put?: never;
    /**
     * Post a message
     * @description Attached files (`file_ids`, files of the workspace the poster can open) are shared with the thread’s people and appear in their Files. Sends `message.created` to the workspace’s webhooks.
     */
    post: operations['postThreadMessage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/threads/{id}/messages/{messageId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a message
     * @description By its author: it stays in its place, shown as deleted, without its text or files.
     */
    delete: operations['deleteThreadMessage'];
    options?: never;
    head?: never;
    /**
     * Edit a message
     * @description By its author, in the 15 minutes after sending it.
     */
    patch: operations['editThreadMessage'];
    trace?: never;
  };
  '/message-recipients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the clients the team can write to
     * @description The workspace’s active clients by name: for a new conversation or a group thread’s people.
     */
    get: operations['listMessageRecipients'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/threads/{id}/participants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add clients to a group thread
     * @description They read the whole thread from now on; those already in it stay.
     */
    post: operations['addThreadPeople'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/threads/{id}/participants/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Take a client out of a group thread
     * @description They no longer read it; the files already shared with them stay theirs.
     */
    delete: operations['removeThreadPerson'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/threads/{id}/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark a thread read
     * @description Everything in it so far counts as read by the caller.
     */
    post: operations['markThreadRead'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/message-email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read how the caller hears of unread messages
     * @description Per workspace: `immediately` (5 minutes after a message the caller has not read), an `hourly` or `daily` digest (windows close on the hour and at midnight UTC), or `never`. Without a choice the team gets hourly digests, clients immediate emails.
     */
    get: operations['getMessageEmail'];
    /** Choose how the caller hears of unread messages */
    put: operations['updateMessageEmail'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/message-retention': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read how long the workspace keeps its messages */
    get: operations['getMessageRetention'];
    /**
     * Choose how long the workspace keeps its messages
     * @description Messages older than `days` (7 at least) are deleted every night, with their attachments when `remove_files`; `days` null keeps them.
     */
    put: operations['updateMessageRetention'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/inbox': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the caller’s notifications
     * @description Newest first, kept 90 days, with how many are not read; `unread=true` lists only those.
     */
    get: operations['listInbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/inbox/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark notifications read
     * @description Some (`ids`, the caller’s own; others are left alone) or `all`. The caller’s other tabs hear it.
     */
    post: operations['readInbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/inbox/email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read which notifications the caller gets by email
     * @description Per kind, in this workspace: `immediately`, `daily` (a digest after midnight UTC of the ones still unread) or `off` (messages have their own setting, announcements no email). Without a choice clients and guests get files shared and forms assigned; admins people joining and failed payments; everyone their own role changing.
     */
    get: operations['getInboxEmail'];
    /** Choose whether the caller gets one kind of notification by email */
    put: operations['updateInboxEmail'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/inbox': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the super admin’s console notifications
     * @description As `GET /api/inbox`, for the console: notices of no workspace.
     */
    get: operations['listConsoleInbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/inbox/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mark console notifications read */
    post: operations['readConsoleInbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/public/inbox/unsubscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read what an inbox email’s unsubscribe link turns off
     * @description Changes nothing: the kind, the workspace and the person’s setting for it now.
     */
    get: operations['describeInboxUnsubscribe'];
    put?: never;
    /**
     * Stop one kind of notification email, or the daily digest, with its emailed link
     * @description No session: the token is the proof. Mail clients send it as RFC 8058 asks (`List-Unsubscribe=One-Click` as a form body, which is not read). That kind turns `off` in that workspace (the digest’s link: every kind in the digest); again changes nothing.
     */
    post: operations['inboxUnsubscribe'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the webhooks */
    get: operations['listWebhooks'];
    put?: never;
    /** Add a webhook */
    post: operations['createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/webhooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a webhook and its deliveries */
    delete: operations['deleteWebhook'];
    options?: never;
    head?: never;
    /**
     * Change a webhook
     * @description Enabling it again clears `disabled_reason` and the failure count.
     */
    patch: operations['updateWebhook'];
    trace?: never;
  };
  '/integrations/webhooks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a `ping` */
    post: operations['testWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/webhooks/{id}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The newest 50 deliveries with their attempts */
    get: operations['listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/webhooks/{id}/deliveries/{deliveryId}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery again
     * @description A new delivery of the same body and `webhook-id`, sent also while the webhook is disabled.
     */
    post: operations['replayWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the API keys */
    get: operations['listApiKeys'];
    put?: never;
    /** Create an API key */
    post: operations['createApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description It stops working at once, its download links too.
     */
    delete: operations['revokeApiKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/platform': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Which integrations the platform leaves on for the workspace
     * @description One switched off (from the platform console) does nothing for this workspace: webhooks create no deliveries, Slack gets no posts.
     */
    get: operations['getPlatformSwitches'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/integrations/slack': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read the workspace’s Slack webhook (masked) */
    get: operations['getTenantSlack'];
    /**
     * Save the workspace’s Slack webhook
     * @description An https URL the outbound guard accepts, stored encrypted. Each form submission is then posted there by the worker (retried), unless the platform turned Slack off. Audited `integration.slack_updated`.
     */
    put: operations['saveTenantSlack'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/workspace/sso': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read the workspace’s single sign-on (secret masked) */
    get: operations['getWorkspaceSso'];
    /**
     * Save the workspace’s single sign-on
     * @description The issuer is checked by its OpenID Connect discovery, fetched through the outbound guard (a public https address). The secret is stored encrypted and never answered; leave it out to keep the saved one. A new issuer unlinks the accounts linked at the old one. `required_for_team`: admins and team members (not clients, not the owner) then act in the workspace only in a session its single sign-on made. Audited `workspace.sso_updated`.
     */
    put: operations['saveWorkspaceSso'];
    post?: never;
    /**
     * Remove the workspace’s single sign-on
     * @description Its linked accounts go with it. Audited `workspace.sso_removed`.
     */
    delete: operations['removeWorkspaceSso'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The plan, its caps in use and the last invoices */
    get: operations['billingSummary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a Stripe Checkout for a plan or seats
     * @description Creates the workspace’s Stripe customer the first time, then a Checkout session in subscription mode at the plan table’s Stripe price for the cycle (seats on the plan’s cycle), with the trial, promotion codes and tax Super Settings’ billing section sets. The plan or seats change when Stripe reports the payment (`/billing/webhook`).
     */
    post: operations['startCheckout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/cycle': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Switch the plan between monthly and yearly billing
     * @description Moves the live plan subscription and the seats bought on it to the other cycle’s price at Stripe, prorated, and answers the summary as Stripe has it now.
     */
    post: operations['switchBillingCycle'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/portal': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Open the Stripe billing portal */
    get: operations['openBillingPortal'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * End the paid plan when its billing period closes
     * @description Sets `cancel_at_period_end` at Stripe on the plan and its seat subscriptions and applies Stripe’s answer at once: the summary’s `plan_ends_at` is the date access to the paid plan ends. Audited as `billing.cancel_requested`.
     */
    post: operations['cancelPlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/resume': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Keep a plan set to end
     * @description Clears `cancel_at_period_end` at Stripe on the plan and its seat subscriptions before the period closes. Audited as `billing.cancel_withdrawn`.
     */
    post: operations['resumePlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/billing/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Receive a Stripe event
     * @description The raw body must carry a valid `Stripe-Signature` (STRIPE_WEBHOOK_SECRET). Applied once per event id: checkout.session.completed, customer.subscription.created/updated/deleted/paused/resumed, invoice.paid and invoice.payment_failed. A subscription or invoice Stripe answers that cannot be read is stored unapplied with the reason (200).
     */
    post: operations['receiveStripeEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/domains': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the workspace’s domains */
    get: operations['listDomains'];
    put?: never;
    /**
     * Add a custom domain
     * @description A claim, pending until the TXT record in the answer is published and the domain verified (within 7 days, `expires_at`). Another workspace’s unverified claim does not block it: the first to verify takes the domain.
     */
    post: operations['addDomain'];
    /** Remove a custom domain */
    delete: operations['removeDomain'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/domains-verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Verify a custom domain
     * @description Looks up its TXT record. Found: verified, the proxy is asked for its certificate (`ssl_status` pending → ready or failed within the hour), and other workspaces’ claims on the domain are removed (their admins are emailed). Not found: 409 saying why.
     */
    post: operations['verifyDomain'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/public/site': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The site the request’s host is
     * @description A workspace’s subdomain or verified domain answers that workspace’s public brand; any other host the platform’s.
     */
    get: operations['getSite'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/internal/tls-ask': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * May the proxy get a certificate for this domain?
     * @description For Caddy’s on-demand TLS `ask`, from loopback and private networks only: 200 for the platform’s host, a workspace’s subdomain or verified domain (not suspended), 404 otherwise.
     */
    get: operations['tlsAsk'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List members, filtered, sorted and paged
     * @description `page_size` is 10, 25, 50 or 100.
     */
    get: operations['listPeople'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/export.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export the members as CSV
     * @description The same filters and sort as the list, without paging.
     */
    get: operations['exportPeople'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/bulk-role': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Give several members one role */
    post: operations['changeRoles'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member, and their files if asked
     * @description Also withdraws the person’s pending invitation to this workspace.
     */
    delete: operations['removePerson'];
    options?: never;
    head?: never;
    /**
     * Change a member’s role, status, email, name or password
     * @description Role and status belong to the workspace. Name, email and password belong to the person: a workspace admin changes them only for an account of this workspace alone that is not a super admin’s. Suspending withdraws the person’s pending invitation.
     */
    patch: operations['updatePerson'];
    trace?: never;
  };
  '/invite': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite someone to the workspace
     * @description An address has one live invitation per workspace: inviting it again revokes the earlier one, whose link stops working.
     */
    post: operations['inviteMember'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the pending invitations
     * @description Invitations neither accepted, revoked nor expired, newest first.
     */
    get: operations['listPendingInvitations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invitations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke a pending invitation
     * @description Its link stops working at once; the signup page says it was withdrawn.
     */
    delete: operations['revokeInvitation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/invitations/{id}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a pending invitation again
     * @description Only a hash of each link is stored, so this makes a new invitation with a new link and a new expiry that replaces the old one (whose link stops working), and emails it.
     */
    post: operations['resendInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin-reset-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set a member’s password, or email them a reset link */
    post: operations['resetMemberPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/security-activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The platform staff’s impersonations of this workspace’s people */
    get: operations['listSecurityActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/public/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the plans */
    get: operations['listPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/signup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create an account and sign in */
    post: operations['signUp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with email and password
     * @description When the account has two-factor sign-in on, or Super Settings require it and the account has none yet, the answer is a challenge for the second step (`/auth/login/two-factor`, or `/auth/login/two-factor/enrolment`) instead of a session.
     */
    post: operations['signIn'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Trade a refresh token for a new pair
     * @description Refresh tokens rotate: presenting one that was already used revokes the whole session.
     */
    post: operations['refreshSession'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign out */
    post: operations['signOut'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forgot-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Email a password reset link
     * @description Answers the same whether or not the address has an account; at most 3 emails per address an hour.
     */
    post: operations['forgotPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/reset-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set a new password with a reset link */
    post: operations['resetPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/providers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The sign-in providers a sign-in page offers
     * @description Those switched on in Super Settings → Auth with a client ID and secret; none on the sign-in page of a workspace that hid them (Settings → Sign-in, `provider_buttons`). The page’s workspace is the host’s (its subdomain or a verified custom domain), else `tenant_id`.
     */
    get: operations['listSignInProviders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/oauth/{key}/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Go to the provider to sign in
     * @description Redirects the browser to the provider’s authorization page (code flow, PKCE S256, `state`, and `nonce` but for GitHub) and sets an HttpOnly cookie binding the sign-in to this browser for 10 minutes, on the address it is opened on. The provider returns to `PUBLIC_URL`’s callback. Opened on a workspace’s own address (its subdomain or a verified custom domain, known from the Host, never from a parameter), the sign-in is that workspace’s and ends on that address’s sign-in page, whose exchange checks the cookie. `redirect` (a path of this site) and `tenant_id` come back to the sign-in page after.
     */
    get: operations['startProviderSignIn'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/oauth/{key}/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The provider’s return
     * @description Where the provider sends the browser back. It must carry the `state` this browser’s start made (its cookie, kept 60 s more for the exchange when the sign-in succeeds; a sign-in started on a workspace’s own address left its cookie there, so that address’s exchange checks it instead); the code is exchanged with the PKCE verifier and the ID token validated with the nonce (GitHub: the account and its primary email read from its API). The identity signs into the account it is linked to, or is linked to the account of its email when the provider says that email is verified (audited `auth.identity_linked`); it never creates an account or a membership. Each sign-in is audited `auth.provider_sign_in`. Redirects to `/login#oauth_code=<code>` on the address the sign-in started on — a one-time code valid 60 s for `POST /auth/oauth/exchange` there, never a token — or to `/login?oauth_error=<reason>` (`oauth_refused`, `oauth_state`, `oauth_failed`, `oauth_unverified_email`, `oauth_no_account`, `oauth_unavailable`; the sentences are `SIGN_IN_PROVIDER_ERRORS` in `@portico/common`), keeping `tenant_id` and `redirect`.
     */
    get: operations['finishProviderSignIn'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/oauth/exchange': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Trade a provider sign-in’s one-time code for a session
     * @description Answers what `POST /auth/login` answers: a session, or the two-factor challenge when the account has 2FA on or Super Settings require it. The code works once, within 60 s, and only from the browser that started the sign-in (its `portico_oauth` cookie, which this call clears) on the address it started on, so a code cannot be planted in someone else’s browser.
     */
    post: operations['exchangeProviderSignInCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/sso/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace provider’s return
     * @description The one address every workspace registers at its provider. Checked like a platform provider’s return (state, this browser’s cookie — or, for a sign-in started on the workspace’s own address, that address’s exchange checks it — PKCE, the ID token with its nonce). The provider account signs into the member it is linked to, or is linked to the member whose email the provider says is verified (audited `auth.identity_linked`); it never creates an account or a membership. Each sign-in is audited `auth.provider_sign_in` with `{provider: "sso", tenant_id}`. Redirects to `/login?tenant_id=…#oauth_code=<code>` on the address the sign-in started on for `POST /auth/oauth/exchange` (the cookie is moved there for 60 s), or to `/login?oauth_error=<reason>`: those of the platform providers, and `sso_not_member` or `sso_unavailable` (`WORKSPACE_SSO_ERRORS` in `@portico/common`).
     */
    get: operations['finishWorkspaceSsoSignIn'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/sso/{tenant_id}/button': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether a workspace’s sign-in page offers its single sign-on
     * @description Never a secret: the workspace’s name for “Sign in with {name}”, or null.
     */
    get: operations['getWorkspaceSsoButton'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/sso/{tenant_id}/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Go to the workspace’s provider to sign in
     * @description Redirects the browser to the workspace provider’s authorization page (code flow, PKCE S256, `state`, `nonce`) and sets an HttpOnly cookie binding the sign-in to this browser for 10 minutes, on the address it is opened on. The provider returns to `PUBLIC_URL`’s callback; opened on the workspace’s own address (its subdomain or a verified custom domain, known from the Host), the sign-in ends on that address’s sign-in page, whose exchange checks the cookie.
     */
    get: operations['startWorkspaceSsoSignIn'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/identities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your linked sign-in providers
     * @description The provider accounts that sign in to yours, oldest first; never their subject or tokens.
     */
    get: operations['listIdentities'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/identities/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Unlink a sign-in provider
     * @description The provider account no longer signs in to yours (audited `auth.identity_unlinked`). Refused when it is the last way in: no password and no other linked identity.
     */
    delete: operations['unlinkIdentity'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/magic-link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Email a sign-in link
     * @description Answers 202 the same, at once, whether or not a link goes out: one goes out only to an account whose every workspace admits its role by link (the workspace's `magic_links` setting), at most 5 an hour per address. The link (and the 6-digit code the email shows) works once, for 15 minutes; the link only in this browser, which the answer's httpOnly cookie `portico_magic_browser` marks.
     */
    post: operations['requestMagicLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/magic-link/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with an emailed link or its code
     * @description With `token`, in the browser that asked for the link; with `email` and `code`, anywhere. Answers what `POST /auth/login` does: a session, or the two-factor challenge. A wrong code counts as a failed sign-in of the address and the IP.
     */
    post: operations['verifyMagicLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/email/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm an email address with the emailed link
     * @description The account’s own address becomes verified (`email_verified_at`), or the pending address the link was sent to becomes its sign-in email. Single use; a link to an address no longer pending is refused.
     */
    post: operations['verifyEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Who is signed in */
    get: operations['currentUser'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change the password
     * @description A wrong current password counts as a failed sign-in of the account’s address and the IP.
     */
    put: operations['changePassword'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change the sign-in email
     * @description The new address is kept as `pending_email` and a confirmation link is sent to it, with a notice to the current one; the email changes only when that link is opened (`POST /auth/email/verify`). A wrong current password counts as a failed sign-in of the account’s address and the IP.
     */
    put: operations['changeEmail'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/email/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send the email confirmation link again
     * @description To the pending address when a change of email waits for one, else to the account's own unconfirmed address; links sent earlier keep working. At most 3 an hour per account.
     */
    post: operations['resendEmailConfirmation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read the profile */
    get: operations['getProfile'];
    /** Change the profile */
    put: operations['updateProfile'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/public/invitations/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Open an invitation link */
    get: operations['getInvitation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/public/invitations/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation
     * @description The invitation’s email must be the signed-in user’s. It never changes an existing membership: a suspended member is refused, an active member keeps their role and the invitation is used up.
     */
    post: operations['acceptInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/tenants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the workspaces */
    get: operations['listTenants'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/tenants/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one workspace */
    get: operations['getTenant'];
    put?: never;
    post?: never;
    /**
     * Delete a workspace
     * @description Removes the workspace and everything in it at once (audited as `tenant.deleted` with its name, slug and the reason); a provisioning job then removes its stored files. The slug must be typed again.
     */
    delete: operations['deleteTenant'];
    options?: never;
    head?: never;
    /**
     * Set a workspace’s plan, seats, status or billing bypass
     * @description How the platform operator manages plans where Stripe does not (DECISIONS §6). Audited with the reason. A plan or seat count the workspace’s members do not fit in is refused, naming how many to remove.
     */
    patch: operations['updateTenantPlan'];
    trace?: never;
  };
  '/super/tenants/{id}/domains': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a workspace’s domains */
    get: operations['listTenantDomains'];
    put?: never;
    /**
     * Add a custom domain to a workspace
     * @description As the workspace’s admin would: a claim, pending until the TXT record in the answer is published and verified (within 7 days).
     */
    post: operations['addTenantDomain'];
    /** Remove a workspace’s custom domain */
    delete: operations['removeTenantDomain'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/tenants/{id}/domains/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Verify a workspace’s custom domain
     * @description Looks up its TXT record; found, the proxy is asked for its certificate.
     */
    post: operations['verifyTenantDomain'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/tenants/{id}/branding': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a workspace’s brand */
    get: operations['getTenantBranding'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change a workspace’s brand
     * @description The fields of its Brand & Legal settings (primary and secondary colours…), as its admin would; audited.
     */
    patch: operations['updateTenantBranding'];
    trace?: never;
  };
  '/super/tenants/{id}/branding/logo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a workspace’s logo
     * @description A PNG, JPEG, WebP or GIF image of at most 2 MB (never SVG); it replaces the previous one.
     */
    post: operations['uploadTenantLogo'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/tenant-users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the people of a workspace */
    get: operations['listTenantUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite a workspace admin, creating the workspace or not
     * @description With `tenant`: creates the workspace and invites its first admin as owner. Without: invites someone to an existing workspace.
     */
    post: operations['createTenantInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/tenants/{id}/grace': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Extend a past-due workspace’s grace period
     * @description Adds `days` to the grace period (counted from now when it has already ended, which lifts the read-only state at once). Audited as `billing.grace_extended` with the reason.
     */
    post: operations['extendTenantGrace'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/tenants/{id}/ask-to-subscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask a workspace without a plan subscription to subscribe from a date
     * @description From `starts_at` (tomorrow at the earliest) the workspace is read-only until an admin chooses a plan; its admins are emailed now and a week before. Sending it again moves the date. Audited as `billing.subscription_requested` with the reason.
     */
    post: operations['askTenantToSubscribe'];
    /**
     * Withdraw the date billing starts
     * @description The workspace stays free (and writable). Audited as `billing.subscription_request_withdrawn`.
     */
    delete: operations['withdrawTenantSubscriptionRequest'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/integrations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the global integrations
     * @description Each of the six, saved or not; a saved value only ever appears masked (`••••` and its last four characters).
     */
    get: operations['listGlobalIntegrations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/integrations/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The webhook debugger: a workspace’s deliveries
     * @description Its newest 100 deliveries of every webhook, newest first (without attempt logs).
     */
    get: operations['listTenantWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/integrations/webhooks/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replay a delivery from the webhook debugger
     * @description Queues a new delivery of the same body and `webhook-id` through the usual delivery machinery. Audited `webhook.delivery_replayed`.
     */
    post: operations['replayTenantWebhookDelivery'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tenants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspaces with their integrations
     * @description Every workspace by name; with `includeIntegrations=true` each carries which of slack, sendgrid, google, microsoft and webhooks the platform leaves on.
     */
    get: operations['listTenantIntegrations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/tenants/{id}/integrations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Switch one integration of a workspace on or off
     * @description Off really stops it: webhooks create no new deliveries, form submissions do not reach its Slack. Audited `tenant.integration_toggled`.
     */
    put: operations['setTenantIntegration'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/integrations/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Save a global integration’s value
     * @description Encrypted with SECRETS_KEY before it is stored; a Slack webhook URL is checked by the outbound guard. Audited `integration.updated` (the key, never the value).
     */
    put: operations['saveGlobalIntegration'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/integrations/{key}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Test a global integration
     * @description Slack: posts a test message to the saved webhook. The others have no test yet and say so (`ok` false). Audited `integration.tested`.
     */
    post: operations['testGlobalIntegration'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Find people across workspaces to impersonate
     * @description platform-console §7 names this `GET /api/users?query=`; that path is the People list of a workspace (same `query`, same `users`), so the console’s search across workspaces lives here. Email contains the text; at most 20; super admins are left out.
     */
    get: operations['searchUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/impersonate/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a session as someone
     * @description A separate session as the user, ending 60 minutes after the start (refreshing does not move it). Every answer it gets carries `x-impersonating: true`; it cannot reach the console, start another impersonation, or change the person’s password or email. Audited (`impersonation.started`) in each of the person’s workspaces, with the reason.
     */
    post: operations['startImpersonation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read one person across workspaces
     * @description Their memberships in every workspace, their last sign-in and their live sessions, newest first.
     */
    get: operations['getUserDetails'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/users/{id}/sessions/{sessionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke one of a person’s sessions
     * @description Its tokens answer 401 from the next request, on every process. Audited (`session.revoked`, with the reason if given) in each of the person’s workspaces.
     */
    delete: operations['revokeUserSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/users/{id}/password-reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Email a person a password reset link
     * @description The forgot-password email: a single-use link valid for an hour. Without SMTP the answer carries the link to share by hand. Audited (`password_reset.sent`).
     */
    post: operations['sendUserPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/impersonate/stop': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * End the impersonation session
     * @description Called with the impersonation session’s token: revokes it at once and audits `impersonation.stopped` with the super admin as the actor.
     */
    post: operations['stopImpersonation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/overview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The console’s environment, failed jobs and active alerts */
    get: operations['consoleOverview'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/uptime': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Uptime over 24 hours, 7 and 30 days */
    get: operations['metricsUptime'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/active-users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** People active today and new accounts */
    get: operations['metricsActiveUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/storage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Bytes stored and what the store holds */
    get: operations['metricsStorage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/jobs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Jobs in the queues now and over the window */
    get: operations['metricsJobs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/requests-errors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Requests and 5xx answers over the window */
    get: operations['metricsRequestsErrors'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/latency': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Answer time percentiles over the window */
    get: operations['metricsLatency'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/auth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sign-in attempts over the window */
    get: operations['metricsAuth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/errors/top-endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Endpoints with 5xx answers over the window */
    get: operations['metricsTopErrorEndpoints'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/errors/traces': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The newest 5xx traces, of one endpoint when named */
    get: operations['metricsErrorTraces'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/db/slow-queries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Statements slower than SLOW_QUERY_MS */
    get: operations['metricsSlowQueries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics/dependencies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether each dependency answers
     * @description Each is asked for real, with a 2 s deadline; slower than 0.5 s is degraded.
     */
    get: operations['metricsDependencies'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/billing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * MRR, workspaces by billing status, the next renewals and recent failed payments
     * @description Read from the database, never from Stripe. MRR counts active and past-due subscriptions (a yearly one a twelfth); trialing ones are `trial_mrr_cents` apart. Renewals: the next 30 days of live subscriptions not set to end. Failed payments: invoices open or uncollectible issued in the last 30 days.
     */
    get: operations['platformRevenue'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/jobs/recent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the newest jobs of every queue */
    get: operations['listRecentJobs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/jobs/cron': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the periodic jobs */
    get: operations['listCronJobs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/jobs/cron/{name}/toggle': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Switch a periodic job off or back on
     * @description Removes or restores its BullMQ job scheduler. Audited.
     */
    post: operations['toggleCronJob'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/jobs/{id}/retry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run a failed job again
     * @description Its attempts start over and the email or delivery it sends is reopened. Audited.
     */
    post: operations['retryJob'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/jobs/{id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove a job that has not started
     * @description The email or delivery it would have sent is closed as failed. Audited.
     */
    post: operations['cancelJob'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the audit log */
    get: operations['listAuditLogs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/audit/export.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export the audit log as CSV
     * @description The same filters as the list; at most 200 rows, newest first.
     */
    get: operations['exportAuditLogs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/cache/purge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Purge the caches
     * @description Every process drops what it cached of sessions, users, memberships, workspaces and role types. Audited.
     */
    post: operations['purgeCache'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/super/search/rebuild': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rebuild the search indexes
     * @description Queues a maintenance job; its progress shows on the jobs page. Audited.
     */
    post: operations['rebuildSearchIndex'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read every settings section
     * @description A section never saved reads as its defaults.
     */
    get: operations['getSettings'];
    /**
     * Save one settings section
     * @description The body names one section (`brand`, `auth`, `security`, `retention`, `rate` or `billing`) with all its fields. Numbers may be digits; lists may be text split on newlines or commas. Audited (`settings.updated`) with what changed. The saving process uses the new values at once; every other process within 5 s.
     *
     *     `auth.providers` (google, microsoft, slack, github: `enabled`, `clientId`, `clientSecret`) may be left out to keep the saved ones. A `clientSecret` left out or empty keeps the saved secret; one sent is stored encrypted (audited `integration.updated` by key) and answered only masked. Google’s and Microsoft’s secrets are the console Integrations’ `google` and `microsoft` values: saving on either screen replaces the one secret. A provider is switched on only with a client ID and a secret.
     */
    put: operations['saveSettingsSection'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/flags/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Turn a feature flag on or off
     * @description A flag that is off hides its capability everywhere: the API refuses it and the portal hides it. Audited (`flag.updated`).
     */
    put: operations['setFeatureFlag'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/flags': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the feature flags */
    get: operations['listFeatureFlags'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/active': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The announcement banners to show now
     * @description Announcements in their window whose audience includes the workspace in `x-tenant-id` (or, without it, any workspace the person belongs to), less those they dismissed.
     */
    get: operations['activeBanners'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/{id}/dismiss': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Dismiss a banner
     * @description Hidden for this person only, for good. Only a banner shown to them now can be dismissed.
     */
    post: operations['dismissBanner'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/announce': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Announce to all, a plan or some workspaces
     * @description Start defaults to now and end to 24 hours after start. Pushed live as the `announcement` event once its window opens; `emailAdmins` also emails the audience’s admins. Audited.
     */
    post: operations['announce'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the announcements
     * @description The newest 200 first, each scheduled, active or ended.
     */
    get: operations['listAnnouncements'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/rules': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the alert rules */
    get: operations['listAlertRules'];
    put?: never;
    /**
     * Create an alert rule
     * @description The scheduler evaluates enabled rules every minute; a rule fires once per breach. Audited.
     */
    post: operations['createAlertRule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/notifications/rules/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete an alert rule
     * @description Audited.
     */
    delete: operations['deleteAlertRule'];
    options?: never;
    head?: never;
    /**
     * Enable or disable an alert rule
     * @description A disabled rule leaves Active Alerts and fires on its next breach once enabled. Audited.
     */
    patch: operations['updateAlertRule'];
    trace?: never;
  };
  '/internal/alerts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Alertmanager’s webhook: Prometheus’s alerts for the console
     * @description From loopback and private networks only (the proxy answers 404 for `/api/internal/*` from outside). Firing alerts show in the console’s Active Alerts until Alertmanager sends them resolved (or, if it never does, for 3 hours after it last sent them).
     */
    post: operations['receiveAlerts'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check the API, its database and Redis (readiness)
     * @description The same as `GET /health/ready`, kept for existing probes.
     */
    get: operations['health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check the API process answers (liveness)
     * @description Asks nothing of the database or Redis: a failing dependency is no reason to restart the process.
     */
    get: operations['healthLive'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check the API can serve: its database and Redis answer (readiness)
     * @description Answers within 2 s whatever PostgreSQL and Redis do; 503 while the process drains after SIGTERM.
     */
    get: operations['healthReady'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document */
    get: operations['openApiDocument'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login/two-factor': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Finish signing in with a code
     * @description A 6-digit code from the authenticator app (each accepted once), or a recovery code (spent). Wrong codes count as failed sign-ins.
     */
    post: operations['signInWithTwoFactor'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login/two-factor/enrolment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set up two-factor sign-in while signing in
     * @description For a challenge with `enrolment_required`: a new secret and its QR code. Calling again starts over.
     */
    post: operations['startTwoFactorEnrolmentAtSignIn'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login/two-factor/enrolment/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Turn on two-factor sign-in and finish signing in */
    post: operations['confirmTwoFactorEnrolmentAtSignIn'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/two-factor': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether two-factor sign-in is on */
    get: operations['getTwoFactor'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/two-factor/enrolment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start setting up two-factor sign-in
     * @description A new secret and its QR code; nothing changes until a code confirms it. Calling again starts over.
     */
    post: operations['startTwoFactorEnrolment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/two-factor/enrolment/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Turn on two-factor sign-in with a code */
    post: operations['confirmTwoFactorEnrolment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/two-factor/disable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn off two-factor sign-in
     * @description With a current code or a recovery code. Refused while Super Settings require two-factor sign-in.
     */
    post: operations['disableTwoFactor'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/two-factor/recovery-codes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace the recovery codes
     * @description With a current code or a recovery code; every earlier recovery code stops working.
     */
    post: operations['regenerateRecoveryCodes'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/onboarding-start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign up as the owner of a new workspace
     * @description Creates the account (the platform’s password policy, signup domain allowlist and `signup` flag apply) and its onboarding state in one transaction, and signs in. `plan` preselects a plan from the landing page.
     */
    post: operations['startOnboarding'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/onboarding-status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Where the owner’s onboarding stands
     * @description The server decides the step: plan, branding, capabilities, review, provisioning, ready. `onboarding` is null for someone who never started one.
     */
    get: operations['getOnboardingStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/onboarding-plan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Choose the plan and admin seats
     * @description Every plan then goes through `POST /checkout` when the platform takes payments; without Stripe the plan is recorded directly.
     */
    post: operations['chooseOnboardingPlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pay for the chosen plan with Stripe Checkout
     * @description Monthly or yearly (`cycle`), with the trial, promotion codes and tax of Super Settings’ billing section. Answers the Checkout page’s address; Stripe sends the browser back to `/signup?session_id=…`, which calls `GET /checkout-verify`.
     */
    post: operations['startOnboardingCheckout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/checkout-verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Confirm the Checkout and mark the plan paid */
    get: operations['verifyOnboardingCheckout'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/onboarding-check-subdomain': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Whether a subdomain is free
     * @description Normalised as platform-console §5 says (the answer names the result). Not available when invalid, reserved (www, api, admin, app, …), a workspace’s, or reserved by another owner’s onboarding.
     */
    post: operations['checkOnboardingSubdomain'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/onboarding-branding': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Save brand colour, logo, subdomain and custom domain
     * @description The subdomain is reserved for this owner until the workspace is made.
     */
    post: operations['saveOnboardingBranding'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/onboarding-logo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload the new workspace’s logo
     * @description A PNG, JPEG, WebP or GIF image of at most 2 MB (never SVG); stored where the workspace will serve it. Save it with the branding step.
     */
    post: operations['uploadOnboardingLogo'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/onboarding-capabilities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Save features, Slack webhook and email sender */
    post: operations['saveOnboardingCapabilities'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/onboarding-provision': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make the workspace
     * @description Queues the `workspace` job on the `provisioning` queue; read `GET /onboarding-status` until `ready`. Asking again while it runs queues nothing more; after a failure it tries again.
     */
    post: operations['provisionOnboarding'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/_debug/onboarding-events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List onboarding events, newest first
     * @description At most 200; filter by `action`, `user_id` or `failed`.
     */
    get: operations['listOnboardingEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    FormInput: {
      title?: string;
      description?: string;
      fields?: {
        id: string;
        /** @enum {string} */
        type: 'short' | 'long' | 'choice' | 'multi' | 'dropdown' | 'rating' | 'date' | 'file';
        label: string;
        /** @default false */
        required: boolean;
        /** @default [] */
        options: string[];
        logic?: {
          whenQuestionId: string;
          equals: string;
          showQuestionId?: string;
        } | null;
      }[];
      theme?: {
        /**
         * @default Inter
         * @enum {string}
         */
        font:
          | 'Inter'
          | 'System UI'
          | 'Arial'
          | 'Helvetica'
          | 'Verdana'
          | 'Trebuchet MS'
          | 'Georgia'
          | 'Times New Roman'
          | 'Courier New';
        /** @default #3B82F6 */
        primary: string;
        /** @default #6B7280 */
        secondary: string;
        /** @default #FFFFFF */
        bg: string;
        /**
         * @default solid
         * @enum {string}
         */
        variant: 'solid' | 'gradient';
      };
      assigned_roles?: string[];
      /** @enum {string} */
      status?: 'draft' | 'published' | 'archived';
    };
    MemberPage: {
      data: components['schemas']['Member'][];
      /** @description Pass as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    Member: {
      /**
       * Format: uuid
       * @description The user id.
       */
      id: string;
      email: string;
      first_name: string | null;
      last_name: string | null;
      /** @description Their role key in this workspace. */
      role: string;
      /** @enum {string} */
      status: 'active' | 'suspended';
      /**
       * Format: date-time
       * @description When they joined the workspace.
       */
      created_at: string;
    };
    Error: {
      /** @description What went wrong, as a sentence a person can read. */
      error: string;
      /** @description A stable machine-readable code, when there is one. */
      code?: string;
      details?: unknown;
    };
    FilePage: {
      data: components['schemas']['File'][];
      /** @description Pass as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    File: {
      /** Format: uuid */
      id: string;
      title: string;
      original_name: string;
      content_type: string;
      /** @enum {string} */
      kind: 'pdf' | 'image' | 'document' | 'spreadsheet' | 'other';
      size_bytes: number;
      /** @description The member the file is shared with personally. */
      user_id: string | null;
      user_email: string | null;
      /** @description Role keys the file is shared with. */
      assigned_roles: string[];
      /** @description Who uploaded it; null when an API key did. */
      uploaded_by: string | null;
      /**
       * @description `viewed` once someone other than its uploader opened it in the portal.
       * @enum {string}
       */
      status: 'new' | 'viewed';
      /** Format: date-time */
      created_at: string;
      /**
       * Format: uri
       * @description A signed link to the file, usable without the key for 5 minutes, and only while the key is not revoked.
       */
      download_url: string;
      /** Format: date-time */
      download_url_expires_at: string;
    };
    FormPage: {
      data: components['schemas']['FormSummary'][];
      /** @description Pass as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    FormSummary: {
      /** Format: uuid */
      id: string;
      title: string;
      description: string;
      /** @enum {string} */
      status: 'draft' | 'published' | 'archived';
      published: boolean;
      /** @description Role keys the form is assigned to. */
      assigned_roles: string[];
      version: number;
      questions_count: number;
      responses_count: number;
      /** @description Whole percent of members of the assigned roles who responded; null when those roles have no members. */
      completion_rate: number | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    Form: {
      /** Format: uuid */
      id: string;
      title: string;
      description: string;
      /** @enum {string} */
      status: 'draft' | 'published' | 'archived';
      published: boolean;
      /** @description Role keys the form is assigned to. */
      assigned_roles: string[];
      version: number;
      questions_count: number;
      responses_count: number;
      /** @description Whole percent of members of the assigned roles who responded; null when those roles have no members. */
      completion_rate: number | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      fields: components['schemas']['FormQuestion'][];
      theme: components['schemas']['FormTheme'];
    };
    FormQuestion: {
      id: string;
      /** @enum {string} */
      type: 'short' | 'long' | 'choice' | 'multi' | 'dropdown' | 'rating' | 'date' | 'file';
      label: string;
      required: boolean;
      options: string[];
      /** @description Show this question only when another question is answered with `equals`. */
      logic: {
        whenQuestionId: string;
        equals: string;
        showQuestionId: string;
      } | null;
    };
    FormTheme: {
      /** @enum {string} */
      font:
        | 'Inter'
        | 'System UI'
        | 'Arial'
        | 'Helvetica'
        | 'Verdana'
        | 'Trebuchet MS'
        | 'Georgia'
        | 'Times New Roman'
        | 'Courier New';
      primary: string;
      secondary: string;
      bg: string;
      /** @enum {string} */
      variant: 'solid' | 'gradient';
    };
    FormResponsePage: {
      data: components['schemas']['FormResponse'][];
      /** @description Pass as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    FormResponse: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      form_id: string;
      /** @description The form version that was filled. */
      version: number;
      user_id: string | null;
      user_email: string;
      user_name: string | null;
      /** @description Question label (as it was when answered) → answer. */
      answers: {
        [key: string]: components['schemas']['AnswerValue'];
      };
      /** @description The same answers in question order, with files resolved. */
      items: {
        question_id: string;
        label: string;
        /** @enum {string} */
        type: 'short' | 'long' | 'choice' | 'multi' | 'dropdown' | 'rating' | 'date' | 'file';
        value: components['schemas']['AnswerValue'];
        file?: {
          /** Format: uuid */
          id: string;
          title: string;
          original_name: string;
          size_bytes: number;
        } | null;
      }[];
      /** Format: date-time */
      created_at: string;
    };
    AnswerValue: string | string[] | number;
    InvitationCreated: {
      invitation: {
        /** Format: uuid */
        id: string;
        email: string;
        role: string;
        /** Format: date-time */
        expires_at: string;
      };
      /**
       * Format: uri
       * @description The link the invitation email carries.
       */
      signup_url: string;
    };
    ThreadPage: {
      data: components['schemas']['MessageThread'][];
      /** @description Pass as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    MessageThread: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      kind: 'client' | 'group' | 'broadcast';
      subject: string | null;
      /** @description Whose own thread it is (`client` threads). */
      client_id: string | null;
      /** @description Whom an announcement is for (`broadcast` threads). */
      role_key: string | null;
      /** @description The clients in a client or group thread. */
      participant_ids: string[];
      /** @description The thread’s members by name; to the team, also the team who have read it, with how far. */
      people: components['schemas']['ThreadPerson'][];
      created_by: string | null;
      /** Format: date-time */
      created_at: string;
      /** @description The newest message the reader can read. */
      last_message_at: string | null;
      last_message: {
        /** Format: uuid */
        id: string;
        author_id: string | null;
        preview: string;
        deleted: boolean;
        /** Format: date-time */
        created_at: string;
      } | null;
      /** @description Messages of others the reader has not read. */
      unread: number;
    };
    ThreadPerson: {
      /** Format: uuid */
      id: string;
      /** @description Their name, or their address when they gave none. */
      name: string;
      email: string;
      /** @description In the thread (a client or group thread’s clients); false for the team. */
      member: boolean;
      /** @description How far they have read; told to the team only. */
      last_read_at: string | null;
    };
    MessagePage: {
      data: components['schemas']['ThreadMessage'][];
      /** @description Pass as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    ThreadMessage: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      thread_id: string;
      author: {
        /** Format: uuid */
        id: string;
        email: string;
        name: string;
      } | null;
      /** @description Empty once deleted. */
      body: string;
      /** @description A client’s reply to an announcement: read by the team and its author. */
      team_only: boolean;
      files: {
        /** Format: uuid */
        id: string;
        title: string;
        original_name: string;
        content_type: string;
        kind: string;
        size_bytes: number;
        /** @description Where the reader gets it: `/api/files/{id}/download` in the portal, `/api/v1/files/{id}` with an API key. */
        file_url: string;
      }[];
      mine: boolean;
      /** @description Until when the reader may edit it; null when they may not. */
      editable_until: string | null;
      edited_at: string | null;
      deleted_at: string | null;
      /** Format: date-time */
      created_at: string;
    };
    WorkspaceSettings: {
      /** Format: uuid */
      id: string;
      name: string;
      slug: string;
      /** @enum {string} */
      status: 'active' | 'suspended' | 'trial';
      support_email: string | null;
      logo_url: string | null;
      favicon_url: string | null;
      primary_color: string | null;
      secondary_color: string | null;
      privacy_url: string | null;
      terms_url: string | null;
      /** @description The workspace’s feature switches. */
      features: {
        [key: string]: boolean;
      };
      /** @enum {string} */
      tier: 'starter' | 'pro' | 'advanced';
      /**
       * @description The same as `tier`.
       * @enum {string}
       */
      plan: 'starter' | 'pro' | 'advanced';
      /** @description Team seats. */
      seats_purchased: number;
      /**
       * @description `past_due` when the last payment failed: admins see a banner.
       * @enum {string}
       */
      billing_status: 'none' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';
      billing: components['schemas']['WorkspaceBillingState'];
      /** @description Role key → label. */
      role_labels: {
        [key: string]: string;
      };
      /** @description Role key → colour. */
      role_colors: {
        [key: string]: string;
      };
      /**
       * @description Who may sign in with an emailed link: `off`, `clients` (clients and guests, the default) or `everyone`. An account gets a link only when each workspace it belongs to admits its role there.
       * @enum {string}
       */
      magic_links: 'off' | 'clients' | 'everyone';
      /** @description Whether the workspace’s sign-in page offers the providers switched on in Super Settings → Auth (“Continue with Google”). */
      provider_buttons: boolean;
    };
    WorkspaceBillingState: {
      /**
       * @description `trial` until `trial_ends_at`; `past_due` after a failed payment, until `grace_ends_at`; `read_only` (writes answer 402 `billing_read_only`); `billing_scheduled`: the operator asked the workspace to subscribe from `billing_starts_at`.
       * @enum {string}
       */
      state: 'ok' | 'trial' | 'past_due' | 'read_only' | 'billing_scheduled';
      /** @description While `read_only`: why, as the 402 says it. */
      read_only_reason: string | null;
      trial_ends_at: string | null;
      grace_ends_at: string | null;
      billing_starts_at: string | null;
    };
    Embed: {
      /** Format: uuid */
      id: string;
      title: string;
      provider: string;
      provider_label: string;
      url: string;
      /** @enum {string} */
      embed_type: 'role' | 'user';
      role: string | null;
      user_id: string | null;
      /** @description The person a personal embed is for. */
      user: {
        /** Format: uuid */
        id: string;
        email: string;
        first_name: string | null;
        last_name: string | null;
      } | null;
      is_active: boolean;
      sort_order: number;
      description: string | null;
      /** @description Whether the target refuses to be framed by the portal; null when not known. */
      frame_blocked: boolean | null;
      frame_checked_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    WorkspaceFormSummary: {
      /** Format: uuid */
      id: string;
      title: string;
      description: string;
      /** @enum {string} */
      status: 'draft' | 'published' | 'archived';
      published: boolean;
      /** @description Role keys the form is assigned to. */
      assigned_roles: string[];
      version: number;
      questions_count: number;
      responses_count: number;
      /** @description Whole percent of members of the assigned roles who responded; null when those roles have no members. */
      completion_rate: number | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description Whether the caller has responded. */
      submitted: boolean;
    };
    WorkspaceForm: {
      /** Format: uuid */
      id: string;
      title: string;
      description: string;
      /** @enum {string} */
      status: 'draft' | 'published' | 'archived';
      published: boolean;
      /** @description Role keys the form is assigned to. */
      assigned_roles: string[];
      version: number;
      questions_count: number;
      responses_count: number;
      /** @description Whole percent of members of the assigned roles who responded; null when those roles have no members. */
      completion_rate: number | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description Whether the caller has responded. */
      submitted: boolean;
      fields: components['schemas']['FormQuestion'][];
      theme: components['schemas']['FormTheme'];
    };
    WorkspaceFile: {
      /** Format: uuid */
      id: string;
      title: string;
      /** @description `/api/files/{id}/download`. */
      file_url: string;
      original_name: string;
      content_type: string;
      /** @enum {string} */
      kind: 'pdf' | 'image' | 'document' | 'spreadsheet' | 'other';
      size_bytes: number;
      /** @description The folder it is in; null at the top level. */
      folder_id: string | null;
      user_id: string | null;
      user_email: string | null;
      assigned_roles: string[];
      uploaded_by: string | null;
      uploaded_by_email: string | null;
      recipients_count: number;
      /** @enum {string} */
      status: 'new' | 'viewed';
      /** Format: date-time */
      created_at: string;
    };
    WorkspaceFolder: {
      /** Format: uuid */
      id: string;
      name: string;
      parent_id: string | null;
      user_id: string | null;
      user_email: string | null;
      assigned_roles: string[];
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    FileVersion: {
      /**
       * Format: uuid
       * @description The version’s id; version 1’s is the file’s own.
       */
      id: string;
      /** @description 1 for the first upload, counting up. */
      number: number;
      original_name: string;
      content_type: string;
      size_bytes: number;
      uploaded_by: string | null;
      /** @description Their name, else their email; null once their account is gone. */
      uploaded_by_name: string | null;
      /**
       * Format: date-time
       * @description When this version was uploaded.
       */
      created_at: string;
      /** @description The version the file’s downloads and previews serve. */
      latest: boolean;
    };
    ShareLink: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      file_id: string;
      /** @enum {string} */
      status: 'active' | 'expired' | 'revoked' | 'used_up';
      /** Format: date-time */
      expires_at: string;
      /** @description Null: no limit. */
      max_downloads: number | null;
      download_count: number;
      last_downloaded_at: string | null;
      revoked_at: string | null;
      created_by: string | null;
      created_by_email: string | null;
      /** Format: date-time */
      created_at: string;
    };
    InboxItem: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      kind:
        | 'file.shared'
        | 'form.assigned'
        | 'form.submitted'
        | 'member.joined'
        | 'member.role_changed'
        | 'domain.ready'
        | 'domain.failed'
        | 'billing.payment_failed'
        | 'announcement'
        | 'message.received'
        | 'workspace.created'
        | 'alert.fired';
      title: string;
      body: string | null;
      /** @description The page it opens: a path of the portal with `?tenant_id=`. */
      link: string;
      entity: {
        type: string;
        /** Format: uuid */
        id: string;
      };
      /** @description Who caused it, when it was a person still known. */
      actor: {
        /** Format: uuid */
        id: string;
        name: string;
      } | null;
      read_at: string | null;
      /** Format: date-time */
      created_at: string;
    };
    Webhook: {
      /** Format: uuid */
      id: string;
      url: string;
      /** @enum {string} */
      events: 'all' | 'forms' | 'files';
      enabled: boolean;
      /** @description Why it was disabled automatically; null when enabled or switched off by a person. */
      disabled_reason: string | null;
      consecutive_failures: number;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      last_delivery: {
        /** @enum {string} */
        status: 'pending' | 'succeeded' | 'failed';
        status_code: number | null;
        /** Format: date-time */
        at: string;
      } | null;
    };
    WebhookDelivery: {
      /** Format: uuid */
      id: string;
      event_type: string;
      /** @description The `webhook-id` header; a replay keeps it. */
      message_id: string;
      /** @enum {string} */
      status: 'pending' | 'succeeded' | 'failed';
      attempts: number;
      last_status_code: number | null;
      last_error: string | null;
      replay_of: string | null;
      /** Format: date-time */
      created_at: string;
      completed_at: string | null;
      attempt_log: {
        attempt: number;
        status_code: number | null;
        duration_ms: number;
        response_excerpt: string | null;
        error: string | null;
        /** Format: date-time */
        created_at: string;
      }[];
    };
    ApiKey: {
      /** Format: uuid */
      id: string;
      label: string;
      /** @description The first 12 characters of the key, to tell keys apart. */
      key_prefix: string;
      /** Format: date-time */
      created_at: string;
      last_used_at: string | null;
    };
    WorkspaceSso: {
      issuer: string;
      client_id: string;
      /** @description Masked: “••••” and its last four characters. */
      client_secret: string;
      required_for_team: boolean;
      enabled: boolean;
    };
    Invoice: {
      /** Format: uuid */
      id: string;
      /** Format: date-time */
      created_at: string;
      amount_cents: number;
      currency: string;
      /** @description Stripe’s: paid, open, void, uncollectible, draft. */
      status: string;
      hosted_invoice_url: string | null;
    };
    Domain: {
      /** Format: uuid */
      id: string;
      domain: string;
      /** @constant */
      type: 'custom';
      /** @enum {string} */
      ssl_status: 'pending' | 'ready' | 'failed';
      /** @description Why the last certificate check failed. */
      ssl_error: string | null;
      verified_at: string | null;
      /** @description Until when the claim waits for its TXT record (7 days from adding); null once verified. Another workspace that verifies the domain first takes it. */
      expires_at: string | null;
      txt_record: {
        /** @description Where to publish the record. */
        name: string;
        value: string;
      };
      /** Format: date-time */
      created_at: string;
    };
    Site: {
      /** @enum {string} */
      kind: 'platform' | 'tenant';
      tenant_id: string | null;
      name: string;
      logo_url: string | null;
      favicon_url: string | null;
      primary_color: string | null;
      secondary_color: string | null;
      support_email: string | null;
      privacy_url: string | null;
      terms_url: string | null;
      /** @description The platform’s password rule as a sentence (Super Settings). */
      password_rule: string;
      /** @description Whether the sign-in page offers “Email me a sign-in link”: off only where the workspace turned magic links off. */
      magic_links: boolean;
      /** @description Whether the sign-in page offers the providers switched on in Super Settings → Auth: off only where the workspace hid them. */
      provider_buttons: boolean;
    };
    Person: {
      /** Format: uuid */
      id: string;
      email: string;
      role: string;
      role_label: string;
      /** @enum {string} */
      status: 'active' | 'suspended';
      first_name: string | null;
      last_name: string | null;
      phone: string | null;
      linkedin: string | null;
      /** Format: date-time */
      created_at: string;
      last_sign_in_at: string | null;
      /** @description Why the caller may not change the person’s name, email or password: `shared_account` (they also belong to another workspace) or `super_admin_target` (a platform super admin); null when they may. */
      profile_lock: ('shared_account' | 'super_admin_target') | null;
    };
    Plan: {
      /** @enum {string} */
      key: 'starter' | 'pro' | 'advanced';
      name: string;
      /** @description US dollars per month, billed monthly. */
      price_monthly: number;
      /** @description US dollars per month, billed yearly. */
      price_yearly: number;
      /** @description Most clients (members of a client-kind role); null = unlimited. */
      client_cap: number | null;
      /** @description Whether team seats can be bought (starter counts as one). */
      team_seats: boolean;
      /** @description Whether API keys, the public API and webhooks are available. */
      integrations: boolean;
      /** @description Whether the workspace can answer on its own domains. */
      custom_domain: boolean;
      /** @description US dollars per extra team seat per month; null when seats cannot be bought. */
      seat_price_monthly: number | null;
      admin_seats: {
        included: number;
        /** @description US dollars per extra admin seat per month; null when none can be added. */
        extra_price_monthly: number | null;
        /** @description Null = no limit. */
        max_extra: number | null;
      };
    };
    User: {
      /** Format: uuid */
      id: string;
      email: string;
      /** @description A platform role, such as `super_admin`; null for most. */
      role: string | null;
      /** Format: date-time */
      created_at: string;
      last_sign_in_at: string | null;
      /** @description When a link sent to `email` was opened; null while the address is unconfirmed. */
      email_verified_at: string | null;
      /** @description The address the account asked to move to, until the link sent to it is opened. */
      pending_email: string | null;
    };
    Profile: {
      /** Format: uuid */
      id: string;
      first_name: string | null;
      last_name: string | null;
      phone: string | null;
      linkedin: string | null;
      title: string | null;
    };
    Session: {
      /** @description Send as `Authorization: Bearer …` (the `session` scheme). */
      access_token: string;
      /** @description Single use: `POST /auth/refresh` answers a new one. */
      refresh_token: string;
      /** @constant */
      token_type: 'bearer';
      /** @description Seconds the access token lasts. */
      expires_in: number;
      /** @description When the access token expires, Unix seconds. */
      expires_at: number;
      user: components['schemas']['User'];
    };
    TwoFactorChallenge: {
      /** @constant */
      two_factor_required: true;
      /** @description True when the platform requires 2FA and the account has none yet: the challenge can only enrol (`/auth/login/two-factor/enrolment`). */
      enrolment_required: boolean;
      /** @description Single use; send it with the code. */
      challenge_token: string;
      /** @description When the challenge expires, Unix seconds. */
      expires_at: number;
    };
    SignInProvider: {
      /** @enum {string} */
      key: 'google' | 'microsoft' | 'slack' | 'github';
      /** @description What the button says after “Sign in with”. */
      name: string;
    };
    SignInIdentity: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      provider: 'google' | 'microsoft' | 'slack' | 'github';
      /** @description The provider as people know it (“Google”). */
      provider_name: string;
      /** @description The email the provider last gave. */
      email: string | null;
      /**
       * Format: date-time
       * @description When it was linked.
       */
      created_at: string;
      last_used_at: string | null;
    };
    WorkspaceAbilities: {
      /** @description Change the workspace’s settings, brand and features. */
      manage_settings: boolean;
      /** @description Change the workspace’s role types. */
      manage_roles: boolean;
      /** @description Invite, change and remove members. */
      manage_users: boolean;
      /** @description See every file, share files with others and see their activity. */
      manage_files: boolean;
      /** @description Add, change and remove embeds. */
      manage_embeds: boolean;
      /** @description Build forms and read their responses. */
      build_forms: boolean;
      /** @description Delete forms. */
      delete_forms: boolean;
      /** @description Manage webhooks, API keys and Slack (the plan decides too). */
      manage_integrations: boolean;
      /** @description See and change the subscription. */
      manage_billing: boolean;
      /** @description Add and remove the workspace’s domains. */
      manage_domains: boolean;
    };
    /** @description The platform console, and what the person may do in a workspace they are not a member of (everything for a super admin, nothing for anyone else). */
    AccountAbilities: {
      /** @description Change the workspace’s settings, brand and features. */
      manage_settings: boolean;
      /** @description Change the workspace’s role types. */
      manage_roles: boolean;
      /** @description Invite, change and remove members. */
      manage_users: boolean;
      /** @description See every file, share files with others and see their activity. */
      manage_files: boolean;
      /** @description Add, change and remove embeds. */
      manage_embeds: boolean;
      /** @description Build forms and read their responses. */
      build_forms: boolean;
      /** @description Delete forms. */
      delete_forms: boolean;
      /** @description Manage webhooks, API keys and Slack (the plan decides too). */
      manage_integrations: boolean;
      /** @description See and change the subscription. */
      manage_billing: boolean;
      /** @description Add and remove the workspace’s domains. */
      manage_domains: boolean;
      /** @description Open the platform console. */
      use_console: boolean;
    };
    TenantSummary: {
      /** Format: uuid */
      id: string;
      name: string;
      slug: string;
      /** @enum {string} */
      tier: 'starter' | 'pro' | 'advanced';
      /** @enum {string} */
      status: 'active' | 'suspended' | 'trial';
      seats_used: number;
      seats_total: number;
      domain: string | null;
      /** Format: date-time */
      created_at: string;
      usage: components['schemas']['TenantUsage'];
      billing: {
        /**
         * @description `trial` until `trial_ends_at`; `past_due` after a failed payment, until `grace_ends_at`; `read_only` (writes answer 402 `billing_read_only`); `billing_scheduled`: the operator asked the workspace to subscribe from `billing_starts_at`.
         * @enum {string}
         */
        state: 'ok' | 'trial' | 'past_due' | 'read_only' | 'billing_scheduled';
        /** @description While `read_only`: why, as the 402 says it. */
        read_only_reason: string | null;
        trial_ends_at: string | null;
        grace_ends_at: string | null;
        billing_starts_at: string | null;
        /** @enum {string} */
        billing_status: 'none' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';
      };
    };
    TenantUsage: {
      /** @description Memberships, active or suspended. */
      members: number;
      custom_domains: number;
      /** @description Bytes of its files and their earlier versions (an object several rows share counts once). */
      storage_bytes: number;
      /** @description Calls made with its API keys, revoked ones included, up to the last minute. */
      api_calls: number;
      webhooks: number;
      /** @description Deliveries kept (30 days of history). */
      webhook_deliveries: number;
      /** @description Messages in its threads, deleted ones left out. */
      messages: number;
    };
    GlobalIntegration: {
      description: string;
      masked: string | null;
      configured: boolean;
      lastUsedAt: string | null;
    };
    TenantIntegrations: {
      /** Format: uuid */
      id: string;
      name: string;
      integrations?: {
        slack: boolean;
        sendgrid: boolean;
        google: boolean;
        microsoft: boolean;
        webhooks: boolean;
      };
    };
    UserDetails: {
      /** Format: uuid */
      id: string;
      email: string;
      name: string | null;
      is_super_admin: boolean;
      /** Format: date-time */
      created_at: string;
      last_login_at: string | null;
      memberships: {
        /** Format: uuid */
        tenant_id: string;
        tenant_name: string;
        tenant_slug: string;
        /**
         * @description The console’s generic role.
         * @enum {string}
         */
        role: 'owner' | 'admin' | 'member';
        role_key: string;
        /** @enum {string} */
        status: 'active' | 'suspended';
      }[];
      /** @description Live sessions (not revoked, not expired), newest first. */
      sessions: {
        /**
         * Format: uuid
         * @description The session (refresh-token family).
         */
        id: string;
        /** Format: date-time */
        started_at: string;
        /** @description When its tokens were last refreshed; null if never. */
        last_used_at: string | null;
        /** Format: date-time */
        expires_at: string;
        impersonation: boolean;
        /** @description The super admin acting as the person in it. */
        impersonator_email: string | null;
      }[];
    };
    Job: {
      /** @description `queue:job id`. */
      id: string;
      /** @enum {string} */
      queue: 'emails' | 'maintenance' | 'webhooks' | 'provisioning' | 'messages';
      name: string;
      /** @enum {string} */
      status: 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';
      runtimeMs: number | null;
      attempts: number;
      errorExcerpt: string | null;
      /** Format: date-time */
      createdAt: string;
      finishedAt: string | null;
    };
    CronJob: {
      name: string;
      /** @description Cron pattern, UTC. */
      schedule: string;
      description: string;
      lastRunAt: string | null;
      nextRunAt: string | null;
      enabled: boolean;
      /**
       * @description `disabled`: a super admin switched it off; `not_registered`: on, but no scheduler has registered it (is the scheduler running?).
       * @enum {string}
       */
      state: 'enabled' | 'disabled' | 'not_registered';
    };
    AuditLog: {
      id: string;
      actor_user_id: string | null;
      actor_email: string | null;
      action: string;
      entity_type: string;
      entity_id: string | null;
      tenant_id: string | null;
      tenant_name: string | null;
      reason: string | null;
      details: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      created_at: string;
    };
    Banner: {
      /** Format: uuid */
      id: string;
      title: string;
      message: string;
    };
    Announcement: {
      /** Format: uuid */
      id: string;
      title: string;
      message: string;
      /** @enum {string} */
      audience: 'all' | 'plan' | 'tenants';
      plan: ('starter' | 'pro' | 'advanced') | null;
      tenant_ids: string[];
      /** @description Shown to the workspaces’ admins only (an alert rule’s notice). */
      admins_only: boolean;
      email_admins: boolean;
      /** Format: date-time */
      start_at: string;
      /** Format: date-time */
      end_at: string;
      /** @enum {string} */
      status: 'scheduled' | 'active' | 'ended';
      /** Format: date-time */
      created_at: string;
    };
    AlertRule: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      metric: 'errorRate' | 'queueDepth' | 'webhookFailures';
      /** @enum {string} */
      op: '>' | '<';
      value: number;
      /** @enum {string} */
      window: '5m' | '15m' | '1h';
      actions: ('email_super_admins' | 'announce_tenant_admins' | 'post_slack')[];
      enabled: boolean;
      /** @description Breached at the last evaluation. */
      firing: boolean;
      /** @description The figure at the last evaluation. */
      last_value: number | null;
      last_evaluated_at: string | null;
      last_triggered_at: string | null;
      /** Format: date-time */
      created_at: string;
    };
    OnboardingState: {
      /** @enum {string} */
      step: 'plan' | 'branding' | 'capabilities' | 'review' | 'provisioning' | 'ready';
      ready: boolean;
      companyName: string;
      plan: ('starter' | 'pro' | 'advanced') | null;
      adminSeats: number;
      /** @description Whether the paid plan went through Stripe Checkout. */
      paid: boolean;
      /** @description Whether the chosen plan still needs Stripe Checkout. */
      checkoutRequired: boolean;
      branding: {
        subdomain: string | null;
        brandColor: string;
        logoUrl: string | null;
        customDomain: string | null;
      };
      capabilities: {
        useEmbeds: boolean;
        useForms: boolean;
        useFiles: boolean;
        /** @description Masked: the last four characters only. */
        slackWebhook: string | null;
        emailFromName: string | null;
        emailFromAddress: string | null;
      };
      /** @enum {string} */
      status: 'in_progress' | 'provisioning' | 'ready' | 'failed';
      /** @description Why provisioning failed last, as a sentence. */
      error: string | null;
      tenantId: string | null;
      /** @description The new workspace’s sign-in page, once ready. */
      loginUrl: string | null;
    };
    OnboardingEvent: {
      /** Format: uuid */
      id: string;
      user_id: string | null;
      user_email: string | null;
      action: string;
      invite_id: string | null;
      tenant_id: string | null;
      error: string | null;
      context: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      timestamp: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description Calls this key may make per minute. */
    'RateLimit-Limit': number;
    /** @description Calls left in the current minute. */
    'RateLimit-Remaining': number;
    /** @description Seconds until the current minute ends. */
    'RateLimit-Reset': number;
    /** @description Seconds to wait before calling again. */
    'Retry-After': number;
    /** @description Where the browser goes next. */
    Location: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  listMembers: {
    parameters: {
      query?: {
        /** @description Items per page (1–100). */
        limit?: number;
        /** @description The `next_cursor` of the previous page; leave out for the first page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page, newest first. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemberPage'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the item. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The member. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This user is not a member of this workspace. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listFiles: {
    parameters: {
      query?: {
        /** @description Items per page (1–100). */
        limit?: number;
        /** @description The `next_cursor` of the previous page; leave out for the first page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page, newest first. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FilePage'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadFile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /** @description Defaults to the file name. */
          title?: string;
          /** @description The member (user id) to share the file with. */
          user_id?: string;
          /** @description Role keys to share the file with: repeat the field or separate keys with commas. */
          assigned_roles?: string[] | string;
          /**
           * Format: binary
           * @description The file. Its size is limited by the server (MAX_UPLOAD_MB).
           */
          file: string;
        };
      };
    };
    responses: {
      /** @description The stored file. */
      201: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['File'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. No file, a user who is not a member, or a role the workspace does not have. */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than the upload limit (`file_too_large`). */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the item. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['File'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This file does not exist. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  downloadFile: {
    parameters: {
      query?: {
        /** @description Signed link: the API key the link was made for. */
        kid?: string;
        /** @description Signed link: the workspace. */
        tid?: string;
        /** @description Signed link: expiry, Unix seconds. */
        exp?: string;
        /** @description Signed link: HMAC signature. */
        sig?: string;
      };
      header?: never;
      path: {
        /** @description The id of the item. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. The signed link was altered (`link_invalid`) or has expired (`link_expired`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This file does not exist. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listForms: {
    parameters: {
      query?: {
        /** @description Items per page (1–100). */
        limit?: number;
        /** @description The `next_cursor` of the previous page; leave out for the first page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page, newest first. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormPage'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getForm: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the item. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The form. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Form'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This form does not exist. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listFormResponses: {
    parameters: {
      query?: {
        /** @description Items per page (1–100). */
        limit?: number;
        /** @description The `next_cursor` of the previous page; leave out for the first page. */
        cursor?: string;
      };
      header?: never;
      path: {
        /** @description The id of the item. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page, newest first. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FormResponsePage'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This form does not exist. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * Format: email
           * @description Who to invite.
           */
          email: string;
          /** @description A role key of the workspace (for example `role2`). */
          role: string;
        };
      };
    };
    responses: {
      /** @description The invitation. */
      201: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvitationCreated'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. An unknown role (`invalid_role`). */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The person is already a member (`already_member`), or the plan’s client limit is reached (`client_cap_reached`). */
      409: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listThreadsWithKey: {
    parameters: {
      query?: {
        /** @description Items per page (1–100). */
        limit?: number;
        /** @description The `next_cursor` of the previous page; leave out for the first page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page, the most recently active first. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadPage'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listMessagesWithKey: {
    parameters: {
      query?: {
        /** @description Items per page (1–100). */
        limit?: number;
        /** @description The `next_cursor` of the previous page; leave out for the first page. */
        cursor?: string;
      };
      header?: never;
      path: {
        /** @description The id of the item. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page. */
      200: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessagePage'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This conversation does not exist. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postMessageWithKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The id of the item. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Plain text with line breaks, at most 10000 characters. */
          body: string;
          /** @description Files of the workspace the poster can open; each is shared with the thread’s people. */
          file_ids?: string[];
        };
      };
    };
    responses: {
      /** @description The message. */
      201: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadMessage'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Write a message first. / A message can be at most 10,000 characters. / Attach only files of this workspace that you can open. */
      400: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`). */
      403: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This conversation does not exist. */
      404: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again. */
      429: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          'Retry-After': components['headers']['Retry-After'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          'RateLimit-Limit': components['headers']['RateLimit-Limit'];
          'RateLimit-Remaining': components['headers']['RateLimit-Remaining'];
          'RateLimit-Reset': components['headers']['RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getWorkspaceSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workspace settings. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceSettings'];
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateWorkspaceSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          support_email?: string | null;
          primary_color?: string | null;
          secondary_color?: string | null;
          privacy_url?: string | null;
          terms_url?: string | null;
          features?: {
            embeds?: boolean;
            forms?: boolean;
            files?: boolean;
          };
          /**
           * @description Who may sign in with an emailed link: `off`, `clients` (clients and guests, the default) or `everyone`. An account gets a link only when each workspace it belongs to admits its role there.
           * @enum {string}
           */
          magic_links?: 'off' | 'clients' | 'everyone';
          provider_buttons?: boolean;
        };
      };
    };
    responses: {
      /** @description The workspace settings. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceSettings'];
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can change workspace settings. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getHeldMail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Whether mail waits, how much, and whether it waits for you. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Mail to clients waits: the owner who signed up has not confirmed their address. */
            held: boolean;
            /** @description Emails waiting. */
            count: number;
            /** @description The signed-in person is that owner: confirming their address sends them. */
            yours: boolean;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can see the workspace’s held mail. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listRoleTypes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The role types, in order. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            roles: {
              role_key: string;
              role_label: string;
              /** @enum {string} */
              role_color: 'blue' | 'purple' | 'green' | 'gray' | 'orange' | 'red';
              /** @enum {string} */
              kind: 'admin' | 'team' | 'client' | 'guest';
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  replaceRoleTypes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          roles: {
            role_key: string;
            role_label: string;
            /** @enum {string} */
            role_color: 'blue' | 'purple' | 'green' | 'gray' | 'orange' | 'red';
            /** @enum {string} */
            kind?: 'admin' | 'team' | 'client' | 'guest';
          }[];
        };
      };
    };
    responses: {
      /** @description The saved role types. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            roles: {
              role_key: string;
              role_label: string;
              /** @enum {string} */
              role_color: 'blue' | 'purple' | 'green' | 'gray' | 'orange' | 'red';
              /** @enum {string} */
              kind: 'admin' | 'team' | 'client' | 'guest';
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. A key appears twice, `owner` is used, `admin` is missing, or another role is of kind admin. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can change role types. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Members or pending invitations still hold a removed role (`role_in_use`), or a kind turned into client would take the clients over the plan’s cap (`client_cap_reached`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadLogo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The image, at most 2 MB.
           */
          file: string;
        };
      };
    };
    responses: {
      /** @description The workspace settings, `logo_url` set. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceSettings'];
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. No image, or not a PNG, JPEG, WebP or GIF image. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can change workspace settings. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The logo is larger than 2 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeLogo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workspace settings, `logo_url` null. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceSettings'];
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can change workspace settings. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadFavicon: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The image, at most 2 MB.
           */
          file: string;
        };
      };
    };
    responses: {
      /** @description The workspace settings, `favicon_url` set. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceSettings'];
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. No image, or not a PNG, ICO, JPEG, WebP or GIF image. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can change workspace settings. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The favicon is larger than 2 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeFavicon: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workspace settings, `favicon_url` null. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceSettings'];
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can change workspace settings. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getBrandImage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        tenantId: string;
        /** @description The image’s name from `logo_url` or `favicon_url`. */
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The image. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/*': string;
        };
      };
      /** @description There is no such image. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminStats: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The counts. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Members who are not owners or admins. */
            total_clients: number;
            /** @description Of those, the ones who signed in at least once and are not suspended. */
            active_clients: number;
            /** @description Stored uploads; shares of one upload count once. */
            files_uploaded: number;
            /** @description Every form of the workspace, whatever its status. */
            forms_total: number;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can see the member list. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getChecklist: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The checklist and how much of it is done. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              /** @enum {string} */
              key: 'profile' | 'files' | 'forms';
              label: string;
              done: boolean;
              progress?: {
                done: number;
                total: number;
              };
            }[];
            /** @description Whole percent of the items done. */
            percent: number;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). A super admin who is not a member has no checklist. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listRecentMembers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            users: {
              /** Format: uuid */
              id: string;
              email: string;
              role: string;
              /** @enum {string} */
              status: 'active' | 'suspended';
              first_name: string | null;
              last_name: string | null;
              /**
               * Format: date-time
               * @description When they joined the workspace.
               */
              created_at: string;
              last_sign_in_at: string | null;
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can see the member list. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  searchWorkspace: {
    parameters: {
      query: {
        q: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Up to five of each, by full-text prefix match. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            results: {
              users: {
                /** Format: uuid */
                id: string;
                email: string;
                first_name: string | null;
                last_name: string | null;
                role: string;
              }[];
              files: {
                /** Format: uuid */
                id: string;
                title: string;
                original_name: string;
                kind: string;
                /** Format: date-time */
                created_at: string;
              }[];
              forms: {
                /** Format: uuid */
                id: string;
                title: string;
                /** @enum {string} */
                status: 'draft' | 'published' | 'archived';
              }[];
              embeds: {
                /** Format: uuid */
                id: string;
                title: string;
                provider: string;
                is_active: boolean;
              }[];
              /** @description Messages the caller may read. */
              messages: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                thread_id: string;
                /** @description The message’s first 200 characters. */
                excerpt: string;
                /** Format: date-time */
                created_at: string;
              }[];
            };
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can see the member list. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listEmbeds: {
    parameters: {
      query?: {
        id?: string;
        q?: string;
        provider?: string;
        status?: 'active' | 'inactive';
        audience?: string;
        visible?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `{embed}` with `id`, else `{embeds}`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                embed: components['schemas']['Embed'];
              }
            | {
                embeds: components['schemas']['Embed'][];
              };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). `You don't have access to this embed.` for an embed the member may not see; `The platform turned Google tools off for this workspace.` (or Microsoft) for a tool the platform turned off. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. `You don't have access to this embed.` for an unknown id. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createEmbed: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          provider: string;
          url: string;
          /**
           * @default role
           * @enum {string}
           */
          embed_type?: 'role' | 'user';
          role?: string | null;
          user_id?: string | null;
          description?: string | null;
          /** @default true */
          is_active?: boolean;
        };
      };
    };
    responses: {
      /** @description The embed. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            embed: components['schemas']['Embed'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. `Please fill Title, Provider and URL`, a provider not in the list, a URL that is not https, or an audience that is not a role or member of the workspace. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage embeds. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteEmbed: {
    parameters: {
      query?: {
        id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage embeds. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. You don't have access to this embed. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateEmbed: {
    parameters: {
      query?: {
        id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title?: string;
          provider?: string;
          url?: string;
          /** @enum {string} */
          embed_type?: 'role' | 'user';
          role?: string | null;
          user_id?: string | null;
          description?: string | null;
          is_active?: boolean;
          sort_order?: number;
        };
      };
    };
    responses: {
      /** @description The embed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            embed: components['schemas']['Embed'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Nothing to change, or a field as for a new embed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage embeds. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. You don't have access to this embed. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listEmbedAudience: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description By email. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            users: {
              /** Format: uuid */
              id: string;
              email: string;
              first_name: string | null;
              last_name: string | null;
              role: string;
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage embeds. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  reorderEmbeds: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          ids: string[];
        };
      };
    };
    responses: {
      /** @description Every embed, in the new order. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            embeds: components['schemas']['Embed'][];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. An id appears twice. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage embeds. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. One of these embeds does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The list has changed since it was read (`stale_order`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWorkspaceForms: {
    parameters: {
      query?: {
        limit?: number;
        q?: string;
        status?: 'draft' | 'published' | 'archived';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            forms: components['schemas']['WorkspaceFormSummary'][];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createForm: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['FormInput'];
      };
    };
    responses: {
      /** @description The form. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            form: components['schemas']['WorkspaceForm'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Assign the form to role keys of this workspace. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins and team members can build forms or read their responses. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  assignForm: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          id: string;
          assigned_roles?: string[];
          /** @enum {string} */
          status?: 'draft' | 'published' | 'archived';
        };
      };
    };
    responses: {
      /** @description The form. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            form: components['schemas']['WorkspaceForm'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Nothing to change. Assign the form to role keys of this workspace. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins and team members can build forms or read their responses. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This form does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getWorkspaceForm: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The form. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The form’s current version. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            form: components['schemas']['WorkspaceForm'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). `You do not have access to this form.` (`form_not_assigned`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This form does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  saveForm: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The form. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['FormInput'];
      };
    };
    responses: {
      /** @description The form. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            form: components['schemas']['WorkspaceForm'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Nothing to save. Assign the form to role keys of this workspace. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins and team members can build forms or read their responses. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This form does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteForm: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The form. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted; files uploaded with answers stay. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can delete forms. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This form does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  copyForm: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The form. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The copy: a draft with the same questions, theme and roles. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            form: components['schemas']['WorkspaceForm'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins and team members can build forms or read their responses. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This form does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadFormFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The form. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          question_id?: string;
          /**
           * Format: binary
           * @description The file, at most `MAX_UPLOAD_MB`.
           */
          file: string;
        };
      };
    };
    responses: {
      /** @description The file; its id is the answer to the question. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Its id is the answer to the question. */
            file: {
              /** Format: uuid */
              id: string;
              title: string;
              original_name: string;
              size_bytes: number;
            };
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. No file, or `question_id` is not a file question of the form. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). You do not have access to this form. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This form does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This form is not accepting responses. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than `MAX_UPLOAD_MB` (`file_too_large`). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  submitFormResponse: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The form. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          answers: {
            [key: string]: string | number | string[] | null;
          };
          version?: number;
        };
      };
    };
    responses: {
      /** @description The response. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            response: components['schemas']['FormResponse'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. An answer is missing or wrong: `error` is `{label}: {problem}`, `details.fields` maps question ids to problems. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). You do not have access to this form. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This form does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This form is not accepting responses. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWorkspaceFormResponses: {
    parameters: {
      query: {
        formId: string;
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page, newest first; pass `next_cursor` as `cursor` for the next. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            responses: components['schemas']['FormResponse'][];
            /** @description Pass as `cursor` for the next page; null on the last. */
            next_cursor: string | null;
            /** @description Responses to the form in all. */
            total: number;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins and team members can build forms or read their responses. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This form does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exportFormResponses: {
    parameters: {
      query: {
        formId: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Name, Email, Submitted At, then a column per question label. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins and team members can build forms or read their responses. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This form does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  downloadFilesZip: {
    parameters: {
      query?: {
        /** @description Comma-separated file ids, at most 1000. */
        ids?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A zip of the listed files the caller may see, streamed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/zip': string;
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. None of these files exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  downloadWorkspaceFile: {
    parameters: {
      query?: {
        /** @description Signed link: the user it was made for. */
        uid?: string;
        /** @description Signed link: the workspace. */
        tid?: string;
        /** @description Signed link: the session (refresh-token family). */
        fam?: string;
        /** @description Signed link: expiry, Unix seconds. */
        exp?: string;
        /** @description Signed link: HMAC signature. */
        sig?: string;
      };
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file as an attachment, with its stored content type. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. The signed link was altered (`link_invalid`) or has expired (`link_expired`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. Or its stored object is gone. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  previewWorkspaceFile: {
    parameters: {
      query?: {
        /** @description Signed link: the user it was made for. */
        uid?: string;
        /** @description Signed link: the workspace. */
        tid?: string;
        /** @description Signed link: the session (refresh-token family). */
        fam?: string;
        /** @description Signed link: expiry, Unix seconds. */
        exp?: string;
        /** @description Signed link: HMAC signature. */
        sig?: string;
      };
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file, inline. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. The signed link was altered (`link_invalid`) or has expired (`link_expired`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. Or its stored object is gone. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This file type cannot be previewed (`not_previewable`). */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWorkspaceFiles: {
    parameters: {
      query?: {
        limit?: number;
        q?: string;
        user_id?: string;
        type?: 'pdf' | 'image' | 'document' | 'spreadsheet' | 'other';
        status?: 'new' | 'viewed';
        cursor?: string;
        order?: 'newest' | 'oldest';
        /** @description Files in this folder, or `root` for the caller’s top level (files in no folder, or in one the caller may not open); every folder when left out. */
        folder_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first (or oldest first with `order=oldest`), a page at a time; `total` counts every match. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            files: components['schemas']['WorkspaceFile'][];
            next_cursor: string | null;
            /** @description Every file matching the filters, on every page. */
            total: number;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  shareFile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Defaults to the file name. */
          title?: string;
          /** @description The file to share. */
          file_id?: string;
          /** @description Or its `file_url`. */
          file_url?: string;
          /** @description The member (user id) to share the file with. */
          user_id?: string;
          /** @description Role keys to share the file with: repeat the field or separate keys with commas. */
          assigned_roles?: string[] | string;
          /**
           * @description What the admin picked, a single user or roles: decides the sentence when that choice is missing.
           * @enum {string}
           */
          assign_to?: 'user' | 'role';
        };
      };
    };
    responses: {
      /** @description The new file row. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceFile'];
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. No `file_id` or `file_url`. No user or role chosen, a user who is not a member, or a role the workspace does not have (`error` says which). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can share files with other people or see their activity. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listFileRecipients: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description By email. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            users: {
              /** Format: uuid */
              id: string;
              email: string;
              role: string;
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can share files with other people or see their activity. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadWorkspaceFile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /** @description The folder to put it in (one the uploader may open); the top level if left out. In a folder, an admin who chooses nobody shares the file as the folder is. */
          folder_id?: string;
          /** @description Defaults to the file name. */
          title?: string;
          /** @description The member (user id) to share the file with. */
          user_id?: string;
          /** @description Role keys to share the file with: repeat the field or separate keys with commas. */
          assigned_roles?: string[] | string;
          /**
           * @description What the admin picked, a single user or roles: decides the sentence when that choice is missing.
           * @enum {string}
           */
          assign_to?: 'user' | 'role';
          /**
           * Format: binary
           * @description The file, at most `MAX_UPLOAD_MB`.
           */
          file: string;
        };
      };
    };
    responses: {
      /** @description The file row. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceFile'];
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. No file. No user or role chosen, a user who is not a member, or a role the workspace does not have (`error` says which). In a folder, an admin may choose nobody: the file is shared as the folder is. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can share files with other people. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This folder does not exist (or the uploader may not open it). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than `MAX_UPLOAD_MB` (`file_too_large`). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getWorkspaceFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file row. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            file: components['schemas']['WorkspaceFile'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteWorkspaceFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins or the person who uploaded a file can delete it. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  renameWorkspaceFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
        };
      };
    };
    responses: {
      /** @description The file, renamed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            file: components['schemas']['WorkspaceFile'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Give the file a title. / The title must be at most 255 characters. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage folders. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  restoreWorkspaceFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file row, listed again. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            file: components['schemas']['WorkspaceFile'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins or the person who uploaded a file can restore it. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This file is not deleted, so there is nothing to restore. (`file_not_deleted`) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This file was deleted more than 30 days ago and can no longer be restored. (`file_restore_expired`) */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  linkWorkspaceFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /**
           * @default download
           * @enum {string}
           */
          disposition?: 'download' | 'preview';
        };
      };
    };
    responses: {
      /** @description The link. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            url: string;
            /** Format: date-time */
            expires_at: string;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getFileActivity: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            activity: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              kind:
                'view' | 'download' | 'deleted' | 'restored' | 'version' | 'link_created' | 'link_revoked' | 'moved';
              user_id: string | null;
              user_email: string | null;
              /** @description The version uploaded, for `version`; null otherwise. */
              version_number: number | null;
              /** Format: date-time */
              created_at: string;
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can share files with other people or see their activity. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWorkspaceFolders: {
    parameters: {
      query?: {
        /** @description The folder to list; the top level if left out. */
        parent_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The folder, its breadcrumbs and its folders, by name. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            folder: components['schemas']['WorkspaceFolder'] | null;
            /** @description From the top level down, the listed folder last. */
            breadcrumbs: {
              /** Format: uuid */
              id: string;
              name: string;
              open: boolean;
            }[];
            folders: components['schemas']['WorkspaceFolder'][];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. parent_id must be a folder id, or null for the top level. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This folder does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createWorkspaceFolder: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Unique among the folders beside it, whatever the case. */
          name: string;
          /** @description The folder to create it in; the top level if left out. */
          parent_id?: string;
          /** @description The member (user id) to share the file with. */
          user_id?: string;
          /** @description Role keys to share the file with: repeat the field or separate keys with commas. */
          assigned_roles?: string[] | string;
          /**
           * @description What the admin picked, a single user or roles: decides the sentence when that choice is missing.
           * @enum {string}
           */
          assign_to?: 'user' | 'role';
        };
      };
    };
    responses: {
      /** @description The folder. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            folder: components['schemas']['WorkspaceFolder'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Give the folder a name. / A folder name must be at most 255 characters. / a user who is not a member, or a role the workspace does not have (`error` says which) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage folders. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This folder does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A folder beside it already has this name, whatever the case. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteWorkspaceFolder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The folder’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage folders. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This folder does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The folder still holds files or folders (`folder_not_empty`); the sentence says how many. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateWorkspaceFolder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The folder’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Unique among the folders beside it, whatever the case. */
          name?: string;
          audience?: {
            /** @description The member (user id) to share the file with. */
            user_id?: string;
            /** @description Role keys to share the file with: repeat the field or separate keys with commas. */
            assigned_roles?: string[] | string;
            /**
             * @description What the admin picked, a single user or roles: decides the sentence when that choice is missing.
             * @enum {string}
             */
            assign_to?: 'user' | 'role';
          };
        };
      };
    };
    responses: {
      /** @description The folder. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            folder: components['schemas']['WorkspaceFolder'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Give the folder a name. / A folder name must be at most 255 characters. / a user who is not a member, or a role the workspace does not have (`error` says which) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage folders. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This folder does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A folder beside it already has this name, whatever the case. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  moveWorkspaceFolder: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The folder’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description A folder id, or null for the top level. */
          parent_id: string | null;
        };
      };
    };
    responses: {
      /** @description The folder, in its new place. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            folder: components['schemas']['WorkspaceFolder'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. parent_id must be a folder id, or null for the top level. / A folder cannot be moved into itself or into one of the folders inside it. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage folders. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This folder does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A folder in the destination already has this name, whatever the case. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  moveWorkspaceFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description A folder id, or null for the top level. */
          folder_id: string | null;
        };
      };
    };
    responses: {
      /** @description The file, in its new place. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            file: components['schemas']['WorkspaceFile'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. folder_id must be a folder id, or null for the top level. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage folders. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. / This folder does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listFileVersions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            versions: components['schemas']['FileVersion'][];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadFileVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The new version, at most `MAX_UPLOAD_MB`.
           */
          file: string;
        };
      };
    };
    responses: {
      /** @description The version added and the file it now describes. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            version: components['schemas']['FileVersion'];
            file: components['schemas']['WorkspaceFile'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. No file. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins or the person who uploaded a file can upload a new version of it. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The file is larger than `MAX_UPLOAD_MB` (`file_too_large`). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  downloadFileVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
        /** @description The version’s id, from the history. */
        versionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The version as an attachment, with its stored content type. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can download earlier versions of a file. Download the file to get its latest version. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. Or this version does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listShareLinks: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file’s links. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            share_links: components['schemas']['ShareLink'][];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can share files with other people or see their activity. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createShareLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Days from now, 1 to 90. */
          expires_in_days?: number;
          /** @description A moment 1 hour to 90 days from now. */
          expires_at?: string;
          /** @description How many downloads the link allows; none or null: no limit until it expires. */
          max_downloads?: number | null;
        };
      };
    };
    responses: {
      /** @description The link, with its URL. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            share_link: components['schemas']['ShareLink'];
            /** @description The link to send, on the workspace’s address. Shown this once. */
            url: string;
            /** @description The token in `url`. Shown this once; only its hash is kept. */
            token: string;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Choose when the link expires: send expires_in_days or expires_at. / Send expires_in_days or expires_at, not both. / expires_in_days must be a whole number from 1 to 90. / expires_at must be a date and time with its offset, such as 2026-12-31T17:00:00Z. / The link must expire between 1 hour and 90 days from now. / max_downloads must be a whole number from 1 to 1000. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can share files with other people or see their activity. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeShareLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The file’s id. */
        id: string;
        /** @description The share link’s id. */
        linkId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can share files with other people or see their activity. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This file does not exist. / This share link does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getPublicShareLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The token of the link (its last path segment). */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The link works. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            share_link: {
              file_name: string;
              size_bytes: number;
              content_type: string;
              /** Format: date-time */
              expires_at: string;
              /** @description Null: no limit. */
              downloads_left: number | null;
            };
            workspace: {
              name: string;
              logo_url: string | null;
              primary_color: string | null;
              secondary_color: string | null;
            };
          };
        };
      };
      /** @description This link does not exist. Check that you copied all of it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This link has expired. / This link has been revoked. / This link has reached its download limit. / The file behind this link is no longer available. / This workspace is not sharing files at the moment. (`code` says which: `share_link_expired`, `share_link_revoked`, `share_link_used_up`, `share_link_file_gone`, `share_link_workspace_suspended` while the platform suspends the workspace) */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  downloadPublicShareLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The token of the link (its last path segment). */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file as an attachment, with its stored content type. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description This link does not exist. Check that you copied all of it. Or the file’s stored object is gone. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This link has expired. / This link has been revoked. / This link has reached its download limit. / The file behind this link is no longer available. / This workspace is not sharing files at the moment. (`code` says which) */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listThreads: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            threads: components['schemas']['MessageThread'][];
            next_cursor: string | null;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. A `limit` out of range, or a cursor that is not valid. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  openThread: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          /** @description Clients to write to (team only): one client opens (or answers) their own thread; several, a group thread. */
          participant_ids?: string[];
          /** @description An announcement to everyone holding this role (team only); replies reach the team only. */
          role?: string;
          subject?: string;
        };
      };
    };
    responses: {
      /** @description The thread. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            thread: components['schemas']['MessageThread'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Choose the clients to write to, or a role. / Choose either clients or a role, not both. / Every person chosen must be an active client of this workspace. / There is no such role in this workspace. / participant_ids must be a list of user ids. / A conversation can include at most 100 people. / The subject must be at most 200 characters. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only the workspace’s team can start a conversation with chosen people or a role. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getThread: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The thread’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The thread. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            thread: components['schemas']['MessageThread'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This conversation does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listThreadMessages: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        /** @description The thread’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Oldest first within the page. */
            messages: components['schemas']['ThreadMessage'][];
            /** @description The page of older messages, when there is one. */
            next_cursor: string | null;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. A `limit` out of range, or a cursor that is not valid. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This conversation does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  postThreadMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The thread’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Plain text with line breaks, at most 10000 characters. */
          body: string;
          /** @description Files of the workspace the poster can open; each is shared with the thread’s people. */
          file_ids?: string[];
        };
      };
    };
    responses: {
      /** @description The message. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: components['schemas']['ThreadMessage'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Write a message first. / A message can be at most 10,000 characters. / file_ids must be a list of file ids. / A message can carry at most 10 files. / Attach only files of this workspace that you can open. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This conversation does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteThreadMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The thread’s id. */
        id: string;
        /** @description The message’s id. */
        messageId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The message as deleted. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: components['schemas']['ThreadMessage'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only the author of a message can delete it. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This conversation does not exist. / This message does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  editThreadMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The thread’s id. */
        id: string;
        /** @description The message’s id. */
        messageId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Plain text with line breaks, at most 10000 characters. */
          body: string;
        };
      };
    };
    responses: {
      /** @description The message. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: components['schemas']['ThreadMessage'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Write a message first. / A message can be at most 10,000 characters. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only the author of a message can edit it. / A message can only be edited in the 15 minutes after it is sent. (`edit_window_closed`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This conversation does not exist. / This message does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This message was deleted. (`message_deleted`) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listMessageRecipients: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description By name. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            recipients: {
              /** Format: uuid */
              id: string;
              /** @description Their name, or their address when they gave none. */
              name: string;
              email: string;
              role: string;
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only the workspace’s team can start a conversation with chosen people or a role. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  addThreadPeople: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The thread’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Active clients of the workspace to add; those already in it stay. */
          participant_ids: string[];
        };
      };
    };
    responses: {
      /** @description The thread with its people. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            thread: components['schemas']['MessageThread'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Choose at least one client to add. / participant_ids must be a list of user ids. / A conversation can include at most 100 people. / Every person chosen must be an active client of this workspace. / People can be added to or removed from group conversations only. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only the workspace’s team can change who is in a conversation. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This conversation does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeThreadPerson: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The thread’s id. */
        id: string;
        /** @description The person’s user id. */
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The thread with its people. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            thread: components['schemas']['MessageThread'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). People can be added to or removed from group conversations only. / A group conversation keeps at least one client. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only the workspace’s team can change who is in a conversation. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This conversation does not exist. / This person is not in this conversation. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  markThreadRead: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The thread’s id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The thread, with no unread messages. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            thread: components['schemas']['MessageThread'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This conversation does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getMessageEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The setting in force. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description The setting in force: chosen, or the default of the role.
             * @enum {string}
             */
            message_email: 'immediately' | 'hourly' | 'daily' | 'never';
            /**
             * @description The default of the caller’s role: hourly for the team, immediately otherwise.
             * @enum {string}
             */
            default: 'immediately' | 'hourly' | 'daily' | 'never';
            /** @description Whether the caller chose it (false: the default applies). */
            chosen: boolean;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only members of this workspace have message email settings here. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateMessageEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          message_email: 'immediately' | 'hourly' | 'daily' | 'never';
        };
      };
    };
    responses: {
      /** @description The setting in force. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description The setting in force: chosen, or the default of the role.
             * @enum {string}
             */
            message_email: 'immediately' | 'hourly' | 'daily' | 'never';
            /**
             * @description The default of the caller’s role: hourly for the team, immediately otherwise.
             * @enum {string}
             */
            default: 'immediately' | 'hourly' | 'daily' | 'never';
            /** @description Whether the caller chose it (false: the default applies). */
            chosen: boolean;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. message_email must be one of immediately, hourly, daily, never. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only members of this workspace have message email settings here. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getMessageRetention: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The retention; `days` null keeps messages. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            days: number | null;
            remove_files: boolean;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateMessageRetention: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Delete messages older than this many days; null keeps them. */
          days: number | null;
          /**
           * @description Whether their attachments are deleted with them (otherwise they stay in Files).
           * @default false
           */
          remove_files?: boolean;
        };
      };
    };
    responses: {
      /** @description The saved retention. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            days: number | null;
            remove_files: boolean;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Messages must be kept at least 7 days and at most 3,650; leave it empty to keep them. / remove_files must be true or false. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can change workspace settings. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listInbox: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        /** @description `true`: only the items not read yet. */
        unread?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['InboxItem'][];
            /** @description How many of the caller’s items in this workspace are not read. */
            unread: number;
            next_cursor: string | null;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. A `limit` out of range, a cursor that is not valid, or unread must be true or false. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only members of this workspace have an inbox here. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  readInbox: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          ids?: string[];
          /** @constant */
          all?: true;
        };
      };
    };
    responses: {
      /** @description How many are still not read. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            unread: number;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Send ids (a list of inbox item ids) or all: true. / ids must be a list of inbox item ids. / Mark at most 100 items at once, or all of them with all: true. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only members of this workspace have an inbox here. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getInboxEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The setting of every kind. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            kinds: {
              /** @enum {string} */
              kind:
                | 'file.shared'
                | 'form.assigned'
                | 'form.submitted'
                | 'member.joined'
                | 'member.role_changed'
                | 'domain.ready'
                | 'domain.failed'
                | 'billing.payment_failed';
              /**
               * @description The setting in force: chosen, or the default of the role.
               * @enum {string}
               */
              email: 'immediately' | 'daily' | 'off';
              /**
               * @description The default of the caller’s role for this kind.
               * @enum {string}
               */
              default: 'immediately' | 'daily' | 'off';
              /** @description Whether the caller chose it (false: the default applies). */
              chosen: boolean;
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only members of this workspace have an inbox here. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateInboxEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          kind:
            | 'file.shared'
            | 'form.assigned'
            | 'form.submitted'
            | 'member.joined'
            | 'member.role_changed'
            | 'domain.ready'
            | 'domain.failed'
            | 'billing.payment_failed';
          /** @enum {string} */
          email: 'immediately' | 'daily' | 'off';
        };
      };
    };
    responses: {
      /** @description The setting of every kind. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            kinds: {
              /** @enum {string} */
              kind:
                | 'file.shared'
                | 'form.assigned'
                | 'form.submitted'
                | 'member.joined'
                | 'member.role_changed'
                | 'domain.ready'
                | 'domain.failed'
                | 'billing.payment_failed';
              /**
               * @description The setting in force: chosen, or the default of the role.
               * @enum {string}
               */
              email: 'immediately' | 'daily' | 'off';
              /**
               * @description The default of the caller’s role for this kind.
               * @enum {string}
               */
              default: 'immediately' | 'daily' | 'off';
              /** @description Whether the caller chose it (false: the default applies). */
              chosen: boolean;
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. kind must be one of file.shared, form.assigned, form.submitted, member.joined, member.role_changed, domain.ready, domain.failed, billing.payment_failed. / email must be immediately, daily or off. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only members of this workspace have an inbox here. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listConsoleInbox: {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        /** @description `true`: only the items not read yet. */
        unread?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['InboxItem'][];
            /** @description How many of the caller’s items in this workspace are not read. */
            unread: number;
            next_cursor: string | null;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. A `limit` out of range, a cursor that is not valid, or unread must be true or false. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  readConsoleInbox: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          ids?: string[];
          /** @constant */
          all?: true;
        };
      };
    };
    responses: {
      /** @description How many are still not read. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            unread: number;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Send ids (a list of inbox item ids) or all: true. / ids must be a list of inbox item ids. / Mark at most 100 items at once, or all of them with all: true. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  describeInboxUnsubscribe: {
    parameters: {
      query: {
        token: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the link names. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description The kind whose emails the link stops, or `digest`: every kind in the daily digest.
             * @enum {string}
             */
            kind:
              | 'file.shared'
              | 'form.assigned'
              | 'form.submitted'
              | 'member.joined'
              | 'member.role_changed'
              | 'domain.ready'
              | 'domain.failed'
              | 'billing.payment_failed'
              | 'digest';
            workspace: {
              name: string;
            };
            /**
             * @description The person’s setting for this kind now; for `digest`, `daily` while any kind is still in it.
             * @enum {string}
             */
            email: 'immediately' | 'daily' | 'off';
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. This unsubscribe link is not valid. Sign in and choose which emails you get in your notification settings. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  inboxUnsubscribe: {
    parameters: {
      query: {
        token: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The kind, now off. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /**
             * @description The kind whose emails the link stops, or `digest`: every kind in the daily digest.
             * @enum {string}
             */
            kind:
              | 'file.shared'
              | 'form.assigned'
              | 'form.submitted'
              | 'member.joined'
              | 'member.role_changed'
              | 'domain.ready'
              | 'domain.failed'
              | 'billing.payment_failed'
              | 'digest';
            workspace: {
              name: string;
            };
            /**
             * @description The person’s setting for this kind now; for `digest`, `daily` while any kind is still in it.
             * @enum {string}
             */
            email: 'immediately' | 'daily' | 'off';
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. This unsubscribe link is not valid. Sign in and choose which emails you get in your notification settings. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWebhooks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Oldest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            webhooks: components['schemas']['Webhook'][];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url: string;
          /**
           * @default all
           * @enum {string}
           */
          events?: 'all' | 'forms' | 'files';
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description The webhook with its signing `secret`, shown this once. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            webhook: {
              /** Format: uuid */
              id: string;
              url: string;
              /** @enum {string} */
              events: 'all' | 'forms' | 'files';
              enabled: boolean;
              /** @description Why it was disabled automatically; null when enabled or switched off by a person. */
              disabled_reason: string | null;
              consecutive_failures: number;
              /** Format: date-time */
              created_at: string;
              /** Format: date-time */
              updated_at: string;
              last_delivery: {
                /** @enum {string} */
                status: 'pending' | 'succeeded' | 'failed';
                status_code: number | null;
                /** Format: date-time */
                at: string;
              } | null;
              /** @description The signing secret, shown this once. */
              secret: string;
            };
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. The URL is missing, malformed, carries credentials, or points at a private address (`private_address`) or a host that does not resolve (`dns`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A workspace can have at most 20 webhooks. Delete one you no longer use first. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This webhook does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url?: string;
          /** @enum {string} */
          events?: 'all' | 'forms' | 'files';
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description The webhook. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            webhook: components['schemas']['Webhook'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. Nothing to change: send url, events or enabled. The URL is missing, malformed, carries credentials, or points at a private address (`private_address`) or a host that does not resolve (`dns`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This webhook does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  testWebhook: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery, queued for the worker. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            delivery: components['schemas']['WebhookDelivery'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This webhook does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deliveries: components['schemas']['WebhookDelivery'][];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This webhook does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  replayWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook. */
        id: string;
        /** @description The delivery to send again. */
        deliveryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The new delivery, queued. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            delivery: components['schemas']['WebhookDelivery'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This webhook does not exist. Or: This delivery does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listApiKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first, revoked keys left out. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            keys: components['schemas']['ApiKey'][];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          label: string;
        };
      };
    };
    responses: {
      /** @description The key, with the secret `key` shown this once. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            key: {
              /** Format: uuid */
              id: string;
              label: string;
              /** @description The first 12 characters of the key, to tell keys apart. */
              key_prefix: string;
              /** Format: date-time */
              created_at: string;
              last_used_at: string | null;
              /** @description The key itself, shown this once. */
              key: string;
            };
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The key to revoke. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This API key does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getPlatformSwitches: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Each integration, on or off. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            integrations: {
              slack: boolean;
              sendgrid: boolean;
              google: boolean;
              microsoft: boolean;
              webhooks: boolean;
            };
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getTenantSlack: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Masked; `platformEnabled` false when the platform turned Slack off. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            slack: {
              configured: boolean;
              masked: string | null;
              platformEnabled: boolean;
            };
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  saveTenantSlack: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          url: string;
        };
      };
    };
    responses: {
      /** @description Masked. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            slack: {
              configured: boolean;
              masked: string | null;
              platformEnabled: boolean;
            };
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. The Slack webhook must be an https URL such as https://hooks.slack.com/services/…. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. On the starter plan: `API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getWorkspaceSso: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The provider, or null; and the address to register at it. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Null while the workspace has none. */
            sso: components['schemas']['WorkspaceSso'] | null;
            /** @description The redirect URI to register at the identity provider. */
            callback_url: string;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can change workspace settings; or Single sign-on is available on the Advanced plan. Upgrade to use it. (`plan_required`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  saveWorkspaceSso: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          issuer: string;
          client_id: string;
          /** @description Write-only; leave it out to keep the saved one. */
          client_secret?: string;
          /** @default false */
          required_for_team?: boolean;
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Saved (secret masked). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Null while the workspace has none. */
            sso: components['schemas']['WorkspaceSso'] | null;
            /** @description The redirect URI to register at the identity provider. */
            callback_url: string;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. A field is missing or not valid, or The identity provider could not be reached at this issuer URL. (`sso_discovery_failed`, with the reason) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can change workspace settings; or Single sign-on is available on the Advanced plan. Upgrade to use it. (`plan_required`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeWorkspaceSso: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can change workspace settings; or Single sign-on is available on the Advanced plan. Upgrade to use it. (`plan_required`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This workspace has no single sign-on. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  billingSummary: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What the Billing page shows. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenant: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              tier: 'starter' | 'pro' | 'advanced';
              /** @enum {string} */
              plan: 'starter' | 'pro' | 'advanced';
              /** @enum {string} */
              status: 'active' | 'suspended' | 'trial';
              /** @enum {string} */
              billing_status: 'none' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';
              /** @description A cancelled plan ends then; the workspace returns to starter. */
              plan_ends_at: string | null;
              /** @description The close of the live plan subscription’s period: it renews then, or ends then when cancelled. */
              period_ends_at: string | null;
              /** @description Team seats. */
              seats_purchased: number;
              admin_seats_extra: number;
            };
            /**
             * @description `operator`: no Stripe here (or billing bypassed); the platform operator sets plan and seats.
             * @enum {string}
             */
            managed_by: 'stripe' | 'operator';
            /** @description What to tell the admin when billing is not theirs to change. */
            message: string | null;
            usage: {
              clients_count: number;
              /** @description null = unlimited. */
              clients_cap: number | null;
              team_count: number;
              team_seats: number;
              admin_count: number;
              admin_seats: number;
            };
            /** @description The last 10, newest first. */
            invoices: components['schemas']['Invoice'][];
            /** @description How often the plan is charged; null without a live plan subscription. */
            cycle: ('monthly' | 'yearly') | null;
            /** @enum {string} */
            status: 'none' | 'trial' | 'active' | 'past_due' | 'unpaid' | 'canceled';
            /** @description While `status` is `trial`: when Stripe first charges. */
            trial_ends_at: string | null;
            /** @description The live subscriptions’ next renewal, from what is stored here; null when none renews. */
            next_charge: {
              /** Format: date-time */
              at: string;
              amount_cents: number;
              currency: string;
            } | null;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Admins only. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startCheckout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              /** @constant */
              purpose: 'upgrade_plan';
              /** @enum {string} */
              plan: 'starter' | 'pro' | 'advanced';
              /**
               * @description How often the plan is charged (monthly by default).
               * @default monthly
               * @enum {string}
               */
              cycle?: 'monthly' | 'yearly';
            }
          | {
              /** @constant */
              purpose: 'add_seats';
              seats: number;
              /**
               * @description Team seats (the default) or extra admin seats.
               * @default team
               * @enum {string}
               */
              seat_kind?: 'team' | 'admin';
            };
      };
    };
    responses: {
      /** @description The Checkout page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Where to send the browser (a Stripe page). */
            url: string | null;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats. Also: the workspace is already on that plan (or asks for Starter while it has a plan subscription), its members do not fit the plan, or the plan sells no such seats. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stripe did not answer; try again in a minute. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  switchBillingCycle: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          cycle: 'monthly' | 'yearly';
        };
      };
    };
    responses: {
      /** @description The Billing page after the switch. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenant: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              tier: 'starter' | 'pro' | 'advanced';
              /** @enum {string} */
              plan: 'starter' | 'pro' | 'advanced';
              /** @enum {string} */
              status: 'active' | 'suspended' | 'trial';
              /** @enum {string} */
              billing_status: 'none' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';
              /** @description A cancelled plan ends then; the workspace returns to starter. */
              plan_ends_at: string | null;
              /** @description The close of the live plan subscription’s period: it renews then, or ends then when cancelled. */
              period_ends_at: string | null;
              /** @description Team seats. */
              seats_purchased: number;
              admin_seats_extra: number;
            };
            /**
             * @description `operator`: no Stripe here (or billing bypassed); the platform operator sets plan and seats.
             * @enum {string}
             */
            managed_by: 'stripe' | 'operator';
            /** @description What to tell the admin when billing is not theirs to change. */
            message: string | null;
            usage: {
              clients_count: number;
              /** @description null = unlimited. */
              clients_cap: number | null;
              team_count: number;
              team_seats: number;
              admin_count: number;
              admin_seats: number;
            };
            /** @description The last 10, newest first. */
            invoices: components['schemas']['Invoice'][];
            /** @description How often the plan is charged; null without a live plan subscription. */
            cycle: ('monthly' | 'yearly') | null;
            /** @enum {string} */
            status: 'none' | 'trial' | 'active' | 'past_due' | 'unpaid' | 'canceled';
            /** @description While `status` is `trial`: when Stripe first charges. */
            trial_ends_at: string | null;
            /** @description The live subscriptions’ next renewal, from what is stored here; null when none renews. */
            next_charge: {
              /** Format: date-time */
              at: string;
              amount_cents: number;
              currency: string;
            } | null;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats. Or: This workspace has no plan subscription to switch. Choose a plan first. Or: the workspace is already billed on that cycle. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stripe did not answer; try again in a minute. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  openBillingPortal: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The portal page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Where to send the browser (a Stripe page). */
            url: string | null;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stripe did not answer; try again in a minute. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  cancelPlan: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The Billing page as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenant: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              tier: 'starter' | 'pro' | 'advanced';
              /** @enum {string} */
              plan: 'starter' | 'pro' | 'advanced';
              /** @enum {string} */
              status: 'active' | 'suspended' | 'trial';
              /** @enum {string} */
              billing_status: 'none' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';
              /** @description A cancelled plan ends then; the workspace returns to starter. */
              plan_ends_at: string | null;
              /** @description The close of the live plan subscription’s period: it renews then, or ends then when cancelled. */
              period_ends_at: string | null;
              /** @description Team seats. */
              seats_purchased: number;
              admin_seats_extra: number;
            };
            /**
             * @description `operator`: no Stripe here (or billing bypassed); the platform operator sets plan and seats.
             * @enum {string}
             */
            managed_by: 'stripe' | 'operator';
            /** @description What to tell the admin when billing is not theirs to change. */
            message: string | null;
            usage: {
              clients_count: number;
              /** @description null = unlimited. */
              clients_cap: number | null;
              team_count: number;
              team_seats: number;
              admin_count: number;
              admin_seats: number;
            };
            /** @description The last 10, newest first. */
            invoices: components['schemas']['Invoice'][];
            /** @description How often the plan is charged; null without a live plan subscription. */
            cycle: ('monthly' | 'yearly') | null;
            /** @enum {string} */
            status: 'none' | 'trial' | 'active' | 'past_due' | 'unpaid' | 'canceled';
            /** @description While `status` is `trial`: when Stripe first charges. */
            trial_ends_at: string | null;
            /** @description The live subscriptions’ next renewal, from what is stored here; null when none renews. */
            next_charge: {
              /** Format: date-time */
              at: string;
              amount_cents: number;
              currency: string;
            } | null;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats. Or: This workspace has no paid plan to cancel. Or: The plan is already set to end when its billing period closes. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stripe did not answer; try again in a minute. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resumePlan: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The Billing page as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenant: {
              /** Format: uuid */
              id: string;
              name: string;
              /** @enum {string} */
              tier: 'starter' | 'pro' | 'advanced';
              /** @enum {string} */
              plan: 'starter' | 'pro' | 'advanced';
              /** @enum {string} */
              status: 'active' | 'suspended' | 'trial';
              /** @enum {string} */
              billing_status: 'none' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';
              /** @description A cancelled plan ends then; the workspace returns to starter. */
              plan_ends_at: string | null;
              /** @description The close of the live plan subscription’s period: it renews then, or ends then when cancelled. */
              period_ends_at: string | null;
              /** @description Team seats. */
              seats_purchased: number;
              admin_seats_extra: number;
            };
            /**
             * @description `operator`: no Stripe here (or billing bypassed); the platform operator sets plan and seats.
             * @enum {string}
             */
            managed_by: 'stripe' | 'operator';
            /** @description What to tell the admin when billing is not theirs to change. */
            message: string | null;
            usage: {
              clients_count: number;
              /** @description null = unlimited. */
              clients_cap: number | null;
              team_count: number;
              team_seats: number;
              admin_count: number;
              admin_seats: number;
            };
            /** @description The last 10, newest first. */
            invoices: components['schemas']['Invoice'][];
            /** @description How often the plan is charged; null without a live plan subscription. */
            cycle: ('monthly' | 'yearly') | null;
            /** @enum {string} */
            status: 'none' | 'trial' | 'active' | 'past_due' | 'unpaid' | 'canceled';
            /** @description While `status` is `trial`: when Stripe first charges. */
            trial_ends_at: string | null;
            /** @description The live subscriptions’ next renewal, from what is stored here; null when none renews. */
            next_charge: {
              /** Format: date-time */
              at: string;
              amount_cents: number;
              currency: string;
            } | null;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats. Or: This workspace has no paid plan to resume: it has already ended. Or: The plan is not set to end, so there is nothing to resume. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stripe did not answer; try again in a minute. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  receiveStripeEvent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Received. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            received: true;
            /** @description The event had been applied before; nothing changed. */
            duplicate: boolean;
          };
        };
      };
      /** @description The Stripe-Signature header does not match this payload. Or a signed body that is no event Portico can apply (`bad_event`: its id, type or object id missing or not text). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stripe webhooks are not configured on this platform (STRIPE_WEBHOOK_SECRET). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stripe did not answer; Stripe sends the event again later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listDomains: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Its subdomain and custom domains, oldest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            domains: components['schemas']['Domain'][];
            /** @description The workspace’s own address, `{slug}.{BASE_DOMAIN}`. */
            subdomain: string;
            /** @description Whether the plan (and features) allow custom domains. */
            allowed: boolean;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage domains. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  addDomain: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          domain: string;
        };
      };
    };
    responses: {
      /** @description The domain and the TXT record to publish. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            domain: components['schemas']['Domain'];
            txtRecord: {
              /** @description Where to publish the record. */
              name: string;
              value: string;
            };
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. An address of the platform itself. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage domains. On the starter plan: `Custom domains are available on the Pro and Advanced plans. Upgrade to add one.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This domain is not connected to this workspace. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Already connected to this workspace, verified by another workspace, or ten domains already (`domain_taken`, `too_many_domains`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeDomain: {
    parameters: {
      query: {
        /** @description The domain to remove. */
        domain: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed: it no longer answers for the workspace or gets certificates. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage domains. On the starter plan: `Custom domains are available on the Pro and Advanced plans. Upgrade to add one.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This domain is not connected to this workspace. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  verifyDomain: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          domain: string;
        };
      };
    };
    responses: {
      /** @description Verified. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            domain: components['schemas']['Domain'];
            /** @constant */
            message: 'Domain verified';
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage domains. On the starter plan: `Custom domains are available on the Pro and Advanced plans. Upgrade to add one.` (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This domain is not connected to this workspace. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The TXT record was not found or holds another value (`txt_not_found`), the claim lapsed after 7 days (`claim_lapsed`), or another workspace verified the domain first (`domain_taken`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSite: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Its brand. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            site: components['schemas']['Site'];
          };
        };
      };
    };
  };
  tlsAsk: {
    parameters: {
      query?: {
        /** @description The host Caddy asks about. */
        domain?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Yes. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            ok: true;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No (or not asked from the proxy’s network). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listPeople: {
    parameters: {
      query?: {
        query?: string;
        role?: string;
        status?: 'active' | 'suspended';
        sort?: 'created_at' | 'email' | 'name' | 'role' | 'last_sign_in_at' | 'status';
        order?: 'asc' | 'desc';
        page?: number;
        page_size?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            users: components['schemas']['Person'][];
            total: number;
            page: number;
            page_size: number;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. An unknown role (`invalid_role`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can see the member list. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exportPeople: {
    parameters: {
      query?: {
        query?: string;
        role?: string;
        status?: 'active' | 'suspended';
        sort?: 'created_at' | 'email' | 'name' | 'role' | 'last_sign_in_at' | 'status';
        order?: 'asc' | 'desc';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `users-{slug}.csv`, as an attachment. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. An unknown role (`invalid_role`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can see the member list. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changeRoles: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          user_ids: string[];
          role: string;
        };
      };
    };
    responses: {
      /** @description How many changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            updated: number;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. An unknown role (`invalid_role`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage users. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. Some of these users are not members; nothing changed. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The last active owner or admin (`last_admin`), or the change would take the clients (active client members and open invitations to a client role) over the plan’s cap and above their number before (`client_cap_reached`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removePerson: {
    parameters: {
      query?: {
        deleteFiles?: 'true' | 'false';
      };
      header?: never;
      path: {
        /** @description The member’s user id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            ok: true;
            account_deleted: boolean;
            /** @description How many files went; null when `deleteFiles` was false. */
            files_deleted: number | null;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. You cannot delete yourself (`self_delete`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage users. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This user is not a member of this workspace. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The last active owner or admin (`last_admin`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updatePerson: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The member’s user id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          role?: string;
          /** @enum {string} */
          status?: 'active' | 'suspended';
          email?: string;
          first_name?: string | null;
          last_name?: string | null;
          password?: string;
        };
      };
    };
    responses: {
      /** @description The member. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: components['schemas']['Person'];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. An unknown role (`invalid_role`), or suspending yourself (`self_suspend`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage users. A super admin’s or another workspace’s account: its name, email and password only by a super admin (`super_admin_target`, `shared_account`). An impersonation session changing the impersonated person’s email or password (`impersonation_credentials`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This user is not a member of this workspace. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The last active owner or admin (`last_admin`), the email is taken (`email_taken`), or a new role or a reactivation means the change would take the clients (active client members and open invitations to a client role) over the plan’s cap and above their number before (`client_cap_reached`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  inviteMember: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          role: string;
        };
      };
    };
    responses: {
      /** @description The invitation, and whether its email went out. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            invitation: {
              /** Format: uuid */
              id: string;
              email: string;
              role: string;
              /** Format: date-time */
              expires_at: string;
            };
            emailSent: boolean;
            emailError: string | null;
            signup_url: string;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. An unknown role (`invalid_role`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage users. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Already a member (`already_member`), or the plan’s client cap is reached (`client_cap_reached`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listPendingInvitations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The pending invitations. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            invitations: {
              /** Format: uuid */
              id: string;
              email: string;
              role: string;
              role_label: string;
              /** @description Null when a key sent it or its sender’s account is gone. */
              invited_by: {
                /** Format: uuid */
                id: string;
                email: string;
                name: string | null;
              } | null;
              /** Format: date-time */
              created_at: string;
              /** Format: date-time */
              expires_at: string;
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage users. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The invitation. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage users. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This invitation does not exist in this workspace. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The invitation is no longer pending: accepted, revoked or expired (`invitation_not_pending`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resendInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The invitation. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The new invitation, and whether its email went out. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            invitation: {
              /** Format: uuid */
              id: string;
              email: string;
              role: string;
              /** Format: date-time */
              expires_at: string;
            };
            emailSent: boolean;
            emailError: string | null;
            signup_url: string;
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). Its role is no longer a role of this workspace (`invalid_role`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage users. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This invitation does not exist in this workspace. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The invitation is no longer pending: accepted, revoked or expired (`invitation_not_pending`). Or the person has become a member (`already_member`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resetMemberPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          user_id: string;
          new_password?: string;
        };
      };
    };
    responses: {
      /** @description `set` with `new_password`, else `link`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            ok: true;
            /** @enum {string} */
            mode: 'set' | 'link';
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace is read-only until its billing is settled (`billing_read_only`): the sentence names why and the Billing page. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can manage users. Setting the password of a super admin’s or another workspace’s account (`super_admin_target`, `shared_account`), or of the impersonated person from their impersonation session (`impersonation_credentials`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. This user is not a member of this workspace. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listSecurityActivity: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first, at most 100. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            activity: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              action: 'impersonation.started' | 'impersonation.stopped';
              /** @description The platform super admin who did it. */
              actor_email: string | null;
              user_id: string | null;
              /** @description The member who was impersonated. */
              user_email: string | null;
              reason: string | null;
              /** Format: date-time */
              created_at: string;
            }[];
          };
        };
      };
      /** @description The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`). Only workspace admins can see the workspace’s security activity. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description For a super admin: the workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listPlans: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The one plan table. Yearly prices are per month. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            plans: components['schemas']['Plan'][];
          };
        };
      };
    };
  };
  signUp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          password: string;
          full_name: string;
          title?: string | null;
          /** @description The token of the invitation link the person signs up from. An open invitation to this very address lets it sign up where self-serve signup is closed (the `signup` flag off, or a signup domain allowlist it is not on); any other token changes nothing. */
          invitation_token?: string;
        };
      };
    };
    responses: {
      /** @description The account, its profile and a session. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: components['schemas']['User'];
            profile: components['schemas']['Profile'];
            session: components['schemas']['Session'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Self-serve signup is turned off (`feature_off`), or the address is outside the signup domain allowlist (`domain_not_allowed`) — unless `invitation_token` is an open invitation to this address. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An account with this email already exists (`email_taken`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description A new session, or the second step’s challenge. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Session'] | components['schemas']['TwoFactorChallenge'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description `Invalid login credentials` (`invalid_credentials`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many failed sign-ins for this address or from this IP (`login_throttled`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The sign-in counter (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  refreshSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          refresh_token: string;
        };
      };
    };
    responses: {
      /** @description The new tokens. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Session'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The refresh token is unknown, expired, revoked or reused (`invalid_refresh_token`). */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signOut: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          refresh_token?: string;
        };
      };
    };
    responses: {
      /** @description The session of the refresh token, if any, is revoked. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  forgotPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          /** Format: uuid */
          tenant_id?: string;
        };
      };
    };
    responses: {
      /** @description Always. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            ok: true;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resetPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description The password is set; every session of the account is signed out. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            ok: true;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The reset link is invalid or has expired (`invalid_reset_token`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listSignInProviders: {
    parameters: {
      query?: {
        tenant_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The providers, in button order. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            providers: components['schemas']['SignInProvider'][];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. tenant_id is not a workspace id, or not the workspace of the host’s sign-in page. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startProviderSignIn: {
    parameters: {
      query?: {
        redirect?: string;
        tenant_id?: string;
      };
      header?: never;
      path: {
        key: 'google' | 'microsoft' | 'slack' | 'github';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description To the provider; `Location` is its authorization address. */
      302: {
        headers: {
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The input is not valid; `error` names the first problem. redirect is not a path of this site, or tenant_id not a workspace id or not the workspace whose address this is. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description There is no such sign-in provider, it is turned off, or the workspace hid the providers from its sign-in page. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  finishProviderSignIn: {
    parameters: {
      query?: {
        state?: string;
        code?: string;
        error?: string;
        /** @description The issuer, from a provider that names itself in its return (RFC 9207). */
        iss?: string;
      };
      header?: never;
      path: {
        key: 'google' | 'microsoft' | 'slack' | 'github';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description To the sign-in page, with the one-time code or the reason. */
      302: {
        headers: {
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description There is no such sign-in provider. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exchangeProviderSignInCode: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code: string;
        };
      };
    };
    responses: {
      /** @description A new session, or the second step’s challenge. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Session'] | components['schemas']['TwoFactorChallenge'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This sign-in link has expired or was already used. Sign in again. (`invalid_sign_in_code`) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  finishWorkspaceSsoSignIn: {
    parameters: {
      query?: {
        state?: string;
        code?: string;
        error?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description To the sign-in page, with the one-time code or the reason. */
      302: {
        headers: {
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getWorkspaceSsoButton: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        tenant_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The button, or null. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Null when the workspace has no single sign-on switched on. */
            sso: {
              /** Format: uuid */
              tenant_id: string;
              /** @description The button says “Sign in with {name}”. */
              name: string;
              /** @description Where the button goes, a path on the sign-in page’s own address: the sign-in ends there. */
              start_url: string;
            } | null;
          };
        };
      };
    };
  };
  startWorkspaceSsoSignIn: {
    parameters: {
      query?: {
        redirect?: string;
      };
      header?: never;
      path: {
        tenant_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description To the provider; `Location` is its authorization address. */
      302: {
        headers: {
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The input is not valid; `error` names the first problem. redirect is not a path of this site, or the address is another workspace’s. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace has no single sign-on. (also when it is off, off the plan, or its provider cannot be reached) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listIdentities: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The linked identities. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            identities: components['schemas']['SignInIdentity'][];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  unlinkIdentity: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The identity to unlink. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Unlinked. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An impersonation session cannot change the person’s sign-in methods. (`impersonation_credentials`) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description There is no such sign-in method on your account. (also for an id that is not one) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This is your only way to sign in. Set a password first. (`last_sign_in_method`) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  requestMagicLink: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          /**
           * Format: uuid
           * @description The workspace whose brand the email wears (else the host’s, or the person’s).
           */
          tenant_id?: string;
        };
      };
    };
    responses: {
      /** @description Always. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            ok: true;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The email counter (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  verifyMagicLink: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The `token` of the emailed link; valid only in the browser that asked for it. */
          token?: string;
          email?: string;
          /** @description The 6-digit code of the email, with `email`: for signing in on another device. */
          code?: string;
        };
      };
    };
    responses: {
      /** @description A new session, or the second step’s challenge. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Session'] | components['schemas']['TwoFactorChallenge'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The link is unknown, used or expired, or its workspace no longer admits it (`invalid_magic_link`); the code is wrong or its links are spent (`wrong_magic_code`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The link was asked for in another browser (`magic_link_other_browser`): its code still works. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many failed sign-ins for this address or from this IP (`login_throttled`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  verifyEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
        };
      };
    };
    responses: {
      /** @description The user. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: components['schemas']['User'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The link is unknown, used, expired or superseded by a later change (`invalid_verification_link`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Another account took the address meanwhile (`email_taken`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  currentUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The user, their profile and memberships. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: components['schemas']['User'];
            profile: components['schemas']['Profile'];
            is_super_admin: boolean;
            memberships: {
              /** Format: uuid */
              tenant_id: string;
              tenant_name: string;
              tenant_slug: string;
              /** @enum {string} */
              tenant_status: 'active' | 'suspended' | 'trial';
              role: string;
              role_label: string;
              /** @enum {string} */
              role_kind: 'admin' | 'team' | 'client' | 'guest';
              /** @enum {string} */
              status: 'active' | 'suspended';
              abilities: components['schemas']['WorkspaceAbilities'];
            }[];
            abilities: components['schemas']['AccountAbilities'];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changePassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          current_password: string;
          new_password: string;
        };
      };
    };
    responses: {
      /** @description Changed; the other sessions are signed out. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            ok: true;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Current password is incorrect (`wrong_password`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An impersonation session cannot change the person’s password (`impersonation_credentials`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many failed sign-ins for this address or from this IP (`login_throttled`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changeEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          current_password: string;
        };
      };
    };
    responses: {
      /** @description The user, with `pending_email`. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: components['schemas']['User'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Current password is incorrect (`wrong_password`); the address is already the account’s (`same_email`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An impersonation session cannot change the person’s email (`impersonation_credentials`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Another account already uses this email (`email_taken`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many failed sign-ins for this address or from this IP (`login_throttled`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resendEmailConfirmation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Sent; `email` is where. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            ok: true;
            /** @description Where the link went: the pending address when there is one. */
            email: string;
          };
        };
      };
      /** @description The address is confirmed and no change waits (`already_verified`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An impersonation session cannot send the person’s confirmation (`impersonation_credentials`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many confirmation emails this hour (`confirmation_throttled`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The email counter (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The profile. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            profile: components['schemas']['Profile'];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          first_name?: string | null;
          last_name?: string | null;
          phone?: string | null;
          linkedin?: string | null;
          title?: string | null;
        };
      };
    };
    responses: {
      /** @description The profile. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            profile: components['schemas']['Profile'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The token of the invitation link. */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The invitation; `accepted`, `expired` and `revoked` (withdrawn by the workspace or replaced by a newer invitation) say why it can no longer be used. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            invitation: {
              email: string;
              role: string;
              /** Format: uuid */
              tenant_id: string;
              tenant_name: string;
              /** Format: date-time */
              expires_at: string;
              accepted: boolean;
              expired: boolean;
              /** @description Withdrawn by the workspace, or replaced by a newer invitation. */
              revoked: boolean;
            };
          };
        };
      };
      /** @description This invitation link is not valid. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  acceptInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
        };
      };
    };
    responses: {
      /** @description The membership: new, or the one the user already had. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            membership: {
              /** Format: uuid */
              tenant_id: string;
              role: string;
              /** @enum {string} */
              status: 'active' | 'suspended';
            };
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The invitation has expired (`invitation_expired`) or was revoked (`invitation_revoked`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The invitation was sent to another address (`invitation_email_mismatch`), or the user’s membership of that workspace is suspended (`membership_suspended`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This invitation link is not valid. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This invitation has already been used (`invitation_used`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTenants: {
    parameters: {
      query?: {
        q?: string;
        tier?: 'starter' | 'pro' | 'advanced';
        status?: 'active' | 'suspended' | 'trial';
        has_domain?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first, at most 500. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: components['schemas']['TenantSummary'][];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getTenant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workspace, its seats and usage. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenant: components['schemas']['TenantSummary'];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteTenant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          slug: string;
          reason: string;
        };
      };
    };
    responses: {
      /** @description Deleted; its files are removed from storage within moments. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The slug typed does not match this workspace’s. Type it exactly to delete the workspace. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateTenantPlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          tier?: 'starter' | 'pro' | 'advanced';
          seats_total?: number;
          admin_seats_extra?: number;
          /** @enum {string} */
          status?: 'active' | 'suspended' | 'trial';
          bypass_billing?: boolean;
          reason?: string;
        };
      };
    };
    responses: {
      /** @description The workspace as it is now. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenant: components['schemas']['TenantSummary'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Suspending without a reason. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Its members do not fit the new plan or seats (`over_plan_cap`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTenantDomains: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Its subdomain and custom domains, oldest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            domains: components['schemas']['Domain'][];
            /** @description The workspace’s own address, `{slug}.{BASE_DOMAIN}`. */
            subdomain: string;
            /** @description Whether the plan (and features) allow custom domains. */
            allowed: boolean;
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  addTenantDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          domain: string;
        };
      };
    };
    responses: {
      /** @description The domain and the TXT record to publish. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            domain: components['schemas']['Domain'];
            txtRecord: {
              /** @description Where to publish the record. */
              name: string;
              value: string;
            };
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. An address of the platform itself. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. The workspace’s plan has no custom domains (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Already connected to this workspace, verified by another workspace, or ten domains already. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeTenantDomain: {
    parameters: {
      query: {
        /** @description The domain to remove. */
        domain: string;
      };
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed: it no longer answers for the workspace or gets certificates. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. Or the domain is not connected to it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  verifyTenantDomain: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          domain: string;
        };
      };
    };
    responses: {
      /** @description Verified. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            domain: components['schemas']['Domain'];
            /** @constant */
            message: 'Domain verified';
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. The workspace’s plan has no custom domains (`plan_required`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. Or the domain is not connected to it. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The TXT record was not found or holds another value (`txt_not_found`), the claim lapsed (`claim_lapsed`), or another workspace verified the domain first (`domain_taken`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getTenantBranding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The workspace settings, its logo and colours among them. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceSettings'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateTenantBranding: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          support_email?: string | null;
          primary_color?: string | null;
          secondary_color?: string | null;
          privacy_url?: string | null;
          terms_url?: string | null;
          features?: {
            embeds?: boolean;
            forms?: boolean;
            files?: boolean;
          };
          /**
           * @description Who may sign in with an emailed link: `off`, `clients` (clients and guests, the default) or `everyone`. An account gets a link only when each workspace it belongs to admits its role there.
           * @enum {string}
           */
          magic_links?: 'off' | 'clients' | 'everyone';
          provider_buttons?: boolean;
        };
      };
    };
    responses: {
      /** @description The workspace settings. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceSettings'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadTenantLogo: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The image, at most 2 MB.
           */
          file: string;
        };
      };
    };
    responses: {
      /** @description The workspace settings, `logo_url` set. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkspaceSettings'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. No image, or not a PNG, JPEG, WebP or GIF image. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The logo is larger than 2 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTenantUsers: {
    parameters: {
      query: {
        /** @description The workspace. */
        id: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Members, then open invitations (status `pending`). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            items: {
              /**
               * Format: uuid
               * @description The user, or the invitation when `pending`.
               */
              id: string;
              name: string | null;
              email: string;
              /**
               * @description The console’s generic role.
               * @enum {string}
               */
              role: 'owner' | 'admin' | 'member';
              role_key: string;
              /** @enum {string} */
              status: 'active' | 'suspended' | 'pending';
              last_login_at: string | null;
            }[];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createTenantInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              tenant: {
                name: string;
                slug?: string;
                /** @enum {string} */
                tier: 'starter' | 'pro' | 'advanced';
                /** @default 3 */
                seats_total?: number;
              };
              admin: {
                email: string;
              };
              /** @default false */
              bypass_billing?: boolean;
            }
          | {
              email: string;
              /** @enum {string} */
              role: 'owner' | 'admin' | 'member';
              tenant_id: string;
            };
      };
    };
    responses: {
      /** @description The invitation was created. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Whether the email was queued (SMTP is configured). */
            emailSent: boolean;
            emailError: string | null;
            /** @description The invitation link, to share by hand when no email went out. */
            signup_url: string;
            /** Format: uuid */
            tenant_id: string;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The tenant name gives no address (fewer than two letters or digits), or the address is reserved for the platform (`slug_reserved`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace address is already taken, by a workspace or an owner still onboarding (`slug_taken`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  extendTenantGrace: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          days: number;
          reason: string;
        };
      };
    };
    responses: {
      /** @description The workspace as it is now, its billing state among it. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenant: components['schemas']['TenantSummary'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace has no failed payment (`no_grace_period`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  askTenantToSubscribe: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: date */
          starts_at: string;
          reason: string;
        };
      };
    };
    responses: {
      /** @description The workspace as it is now, its billing state among it. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenant: components['schemas']['TenantSummary'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The date is before tomorrow (`starts_too_soon`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stripe is not configured (`billing_not_configured`), billing is bypassed (`billing_bypassed`), or the workspace already pays for a plan (`already_subscribed`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  withdrawTenantSubscriptionRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          reason: string;
        };
      };
    };
    responses: {
      /** @description The workspace as it is now, its billing state among it. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenant: components['schemas']['TenantSummary'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The workspace was not asked to subscribe (`not_asked_to_subscribe`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listGlobalIntegrations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Keyed by integration. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            integrations: {
              [key: string]: components['schemas']['GlobalIntegration'];
            };
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTenantWebhookDeliveries: {
    parameters: {
      query: {
        tenantId: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deliveries: components['schemas']['WebhookDelivery'][];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. Choose a workspace: tenantId must be a workspace id. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  replayTenantWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          id: string;
        };
      };
    };
    responses: {
      /** @description The new delivery, pending. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            delivery: components['schemas']['WebhookDelivery'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. id must be a delivery id. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such delivery. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listTenantIntegrations: {
    parameters: {
      query?: {
        includeIntegrations?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description By name. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenants: components['schemas']['TenantIntegrations'][];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  setTenantIntegration: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The workspace. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          key: 'slack' | 'sendgrid' | 'google' | 'microsoft' | 'webhooks';
          enabled: boolean;
        };
      };
    };
    responses: {
      /** @description The workspace with its integrations. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            tenant: components['schemas']['TenantIntegrations'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Key must be one of slack, sendgrid, google, microsoft, webhooks. / Enabled must be true or false. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This workspace does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  saveGlobalIntegration: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key: 'slack' | 'sendgrid' | 'google' | 'microsoft' | 'cloudflare' | 'automation';
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          value: string;
        };
      };
    };
    responses: {
      /** @description The integration, masked. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            integration: components['schemas']['GlobalIntegration'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Value is required. / The Slack webhook must be an http(s) URL such as https://hooks.slack.com/services/…. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Integration must be one of slack, sendgrid, google, microsoft, cloudflare, automation. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  testGlobalIntegration: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key: 'slack' | 'sendgrid' | 'google' | 'microsoft' | 'cloudflare' | 'automation';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What happened. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            ok: boolean;
            message: string;
          };
        };
      };
      /** @description Save a value for this integration first. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Integration must be one of slack, sendgrid, google, microsoft, cloudflare, automation. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  searchUsers: {
    parameters: {
      query?: {
        /** @description Part of the email address. */
        query?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The matching people, by email. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            users: {
              /** Format: uuid */
              id: string;
              email: string;
              /** @description The person’s effective role (tenant-portal §4). */
              role: string;
              /** @description The names of the workspaces they are an active member of. */
              workspaces: string[];
            }[];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startImpersonation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          targetUserId: string;
          reason: string;
        };
      };
    };
    responses: {
      /** @description The impersonation session. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            session: components['schemas']['Session'];
            /**
             * Format: date-time
             * @description When the impersonation session ends; refreshing does not move it.
             */
            ends_at: string;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. A super admin cannot be impersonated (`super_admin_target`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This user does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getUserDetails: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The person. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: components['schemas']['UserDetails'];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This user does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeUserSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user. */
        id: string;
        /** @description The session. */
        sessionId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          reason?: string | null;
        };
      };
    };
    responses: {
      /** @description Revoked. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This user does not exist. Or: This session does not exist or has already ended. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  sendUserPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The user. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The link was created and its email queued. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Whether the email was queued (SMTP is configured). */
            emailSent: boolean;
            emailError: string | null;
            /** @description The single-use link, to share by hand; only when no email went out. */
            reset_url: string | null;
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This user does not exist. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  stopImpersonation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The session is over; its tokens answer 401 from now on. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description This session is not an impersonation (`not_impersonating`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  consoleOverview: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description For the shell and Mission Control. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description ENVIRONMENT_NAME: what the console’s badge shows. */
            environment: string;
            failedJobs: number;
            alerts: {
              id: string;
              /** @enum {string} */
              severity: 'critical' | 'warning';
              title: string;
              detail: string;
            }[];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsUptime: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Percentages. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Percent of the last 24 h the API answered; null before anything was recorded. */
            p24h: number | null;
            p7d: number | null;
            p30d: number | null;
            /**
             * @description Where the series came from.
             * @enum {string}
             */
            source: 'embedded' | 'prometheus';
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsActiveUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Counts. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description People who signed in or renewed a session since midnight UTC. */
            today: number;
            /** @description Workspaces those people belong to. */
            tenants: number;
            /** @description Accounts created in the last 7 days. */
            signups7d: number;
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsStorage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Bytes and terabytes. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            usedBytes: number;
            /** @description The disk’s size for local storage; null for S3. */
            quotaBytes: number | null;
            usedTb: number;
            quotaTb: number | null;
            /** @enum {string} */
            driver: 'local' | 's3';
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsJobs: {
    parameters: {
      query?: {
        /** @description How far back the figures reach. */
        window?: '5m' | '15m' | '1h' | '24h';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Counts and the depth series. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Jobs waiting or delayed in every queue now. */
            queued: number;
            active: number;
            failed: number;
            series: {
              /** Format: date-time */
              x: string;
              queued: number | null;
              failed: number | null;
            }[];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsRequestsErrors: {
    parameters: {
      query?: {
        /** @description How far back the figures reach. */
        window?: '5m' | '15m' | '1h' | '24h';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One point per step, oldest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            series: {
              /** Format: date-time */
              x: string;
              requests: number;
              errors: number;
            }[];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsLatency: {
    parameters: {
      query?: {
        /** @description How far back the figures reach. */
        window?: '5m' | '15m' | '1h' | '24h';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Milliseconds per step; null where nothing was answered. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            series: {
              /** Format: date-time */
              x: string;
              p50: number | null;
              p95: number | null;
              p99: number | null;
            }[];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsAuth: {
    parameters: {
      query?: {
        /** @description How far back the figures reach. */
        window?: '5m' | '15m' | '1h' | '24h';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Counts by outcome and the success rate. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: number;
            failure: number;
            throttled: number;
            /** @description Percent of sign-in attempts that succeeded; null without attempts. */
            rate: number | null;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsTopErrorEndpoints: {
    parameters: {
      query?: {
        /** @description How far back the figures reach. */
        window?: '5m' | '15m' | '1h' | '24h';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Highest error share first, at most 20. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            endpoints: {
              /** @description Method and route template, such as `GET /api/files/:id`. */
              endpoint: string;
              requests: number;
              errors: number;
              errorPct: number;
              lastErrorAt: string | null;
              lastRequestId: string | null;
            }[];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsErrorTraces: {
    parameters: {
      query?: {
        endpoint?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first, at most 50. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            traces: {
              /** Format: date-time */
              at: string;
              method: string;
              endpoint: string;
              request_id: string | null;
              tenant_id: string | null;
              status: number;
              error: string | null;
              /** @description The body's shape: its field names with each value's JSON type, never a value. */
              payload: string | null;
            }[];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsSlowQueries: {
    parameters: {
      query?: {
        /** @description How far back the figures reach. */
        window?: '5m' | '15m' | '1h' | '24h';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Slowest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            queries: {
              /** @description The statement with its values replaced by `?`. */
              sql: string;
              count: number;
              p95Ms: number | null;
              meanMs: number | null;
              lastSeen: string | null;
              suggestedIndex: string | null;
              /** @enum {string} */
              source: 'app' | 'pg_stat_statements';
            }[];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  metricsDependencies: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every dependency. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            dependencies: {
              /** @enum {string} */
              provider: 'postgres' | 'redis' | 'storage' | 'smtp' | 'stripe' | 'prometheus';
              /** @enum {string} */
              status: 'ok' | 'degraded' | 'down' | 'not_configured';
              latencyMs: number | null;
              lastError: string | null;
              lastErrorAt: string | null;
            }[];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  platformRevenue: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The console’s Billing page and Mission Control’s card. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            revenue: {
              /** @description MRR in `currency`, the platform’s largest. */
              mrr_cents: number;
              /** @description ISO 4217, lower case (`usd`). */
              currency: string;
              /** @description In the currency’s smallest unit. */
              trial_mrr_cents: number;
              /** @description Every currency charged, largest MRR first. */
              by_currency: {
                /** @description ISO 4217, lower case (`usd`). */
                currency: string;
                /** @description Active and past-due subscriptions; a yearly one counts a twelfth. */
                mrr_cents: number;
                /** @description Trialing subscriptions: what they bring once they convert. */
                trial_mrr_cents: number;
              }[];
              /** @description Live subscriptions stored before their amount was: not in the MRR until Stripe’s next event. */
              unpriced_subscriptions: number;
              counts: {
                none: number;
                trialing: number;
                active: number;
                past_due: number;
                unpaid: number;
                canceled: number;
              };
              /** @description The next 30 days, soonest first (at most 100). */
              renewals: {
                subscription_id: string;
                /** Format: uuid */
                tenant_id: string;
                tenant_name: string;
                /** @enum {string} */
                purpose: 'plan' | 'team_seats' | 'admin_seats';
                plan: ('starter' | 'pro' | 'advanced') | null;
                /** @enum {string} */
                cycle: 'monthly' | 'yearly';
                /** @description Stripe’s: active, trialing (the trial ends then) or past_due. */
                status: string;
                quantity: number;
                /** @description What the renewal charges; null when not known yet. */
                amount_cents: number | null;
                currency: string | null;
                /** Format: date-time */
                renews_at: string;
              }[];
              /** @description Invoices not collected in the last 30 days, newest first (at most 100). */
              failed_payments: {
                invoice_id: string;
                /** Format: uuid */
                tenant_id: string;
                tenant_name: string;
                /** @enum {string} */
                billing_status: 'none' | 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled';
                grace_ends_at: string | null;
                /** @description In the currency’s smallest unit. */
                amount_cents: number;
                /** @description ISO 4217, lower case (`usd`). */
                currency: string;
                /** @enum {string} */
                status: 'open' | 'uncollectible';
                /** Format: date-time */
                issued_at: string;
                hosted_invoice_url: string | null;
              }[];
            };
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listRecentJobs: {
    parameters: {
      query?: {
        queue?: 'emails' | 'maintenance' | 'webhooks' | 'provisioning' | 'messages';
        status?: 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            jobs: components['schemas']['Job'][];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listCronJobs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The cron table. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cron: components['schemas']['CronJob'][];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  toggleCronJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The cron table after the change. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cron: components['schemas']['CronJob'][];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description There is no periodic job of that name. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  retryJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The job, as `queue:job id`. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job, waiting. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            job: components['schemas']['Job'];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This job no longer exists. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only a failed job can be retried. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  cancelJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The job, as `queue:job id`. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job as it was. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            job: components['schemas']['Job'];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This job no longer exists. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only a waiting or delayed job can be cancelled. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAuditLogs: {
    parameters: {
      query?: {
        limit?: number;
        actor?: string;
        action?: string;
        tenant_id?: string;
        from?: string;
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            logs: components['schemas']['AuditLog'][];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exportAuditLogs: {
    parameters: {
      query?: {
        limit?: number;
        actor?: string;
        action?: string;
        tenant_id?: string;
        from?: string;
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `audit-log.csv`, as an attachment. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  purgeCache: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': {
          reason?: string;
        };
      };
    };
    responses: {
      /** @description Purged. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            purged: true;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  rebuildSearchIndex: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            job_id: string;
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every section. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            settings: {
              brand: {
                appName: string;
                supportEmail: string;
                logoUrl: string;
                faviconUrl: string;
                privacyUrl: string;
                termsUrl: string;
              };
              auth: {
                require2fa: boolean;
                sessionMaxHours: number;
                sessionIdleMinutes: number;
                providers: {
                  google: {
                    enabled: boolean;
                    clientId: string;
                    /** @description The saved client secret masked (`••••` and its last four characters), null when none is saved; never the secret. */
                    clientSecret: string | null;
                  };
                  microsoft: {
                    enabled: boolean;
                    clientId: string;
                    /** @description The saved client secret masked (`••••` and its last four characters), null when none is saved; never the secret. */
                    clientSecret: string | null;
                  };
                  slack: {
                    enabled: boolean;
                    clientId: string;
                    /** @description The saved client secret masked (`••••` and its last four characters), null when none is saved; never the secret. */
                    clientSecret: string | null;
                  };
                  github: {
                    enabled: boolean;
                    clientId: string;
                    /** @description The saved client secret masked (`••••` and its last four characters), null when none is saved; never the secret. */
                    clientSecret: string | null;
                  };
                };
              };
              security: {
                passwordMin: number;
                /** @enum {string} */
                passwordComplexity: 'none' | 'letters_digits' | 'mixed_case_digits_symbols';
                domainAllowlist: string[];
                ipAllowlist: string[];
              };
              retention: {
                auditDays: number;
                webhookDays: number;
              };
              rate: {
                globalRpm: number;
                perTenantRpm: number;
              };
              billing: {
                /** @description A new subscription’s free days; 0 = no trial. */
                trialDays: number;
                /** @description Whether Checkout asks for a card before the trial. */
                trialNeedsCard: boolean;
                /** @description Days a workspace keeps working after a failed payment. */
                graceDays: number;
                /** @description Checkout accepts Stripe promotion codes. */
                promotionCodes: boolean;
                /** @description Stripe Tax computes and collects tax. */
                automaticTax: boolean;
              };
            };
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  saveSettingsSection: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          brand?: {
            appName: string;
            /** @default  */
            supportEmail?: string;
            /** @default  */
            logoUrl?: string;
            /** @default  */
            faviconUrl?: string;
            /** @default  */
            privacyUrl?: string;
            /** @default  */
            termsUrl?: string;
          };
          auth?: {
            /** @default false */
            require2fa?: boolean;
            sessionMaxHours: number;
            sessionIdleMinutes: number;
            providers?: {
              google: {
                /** @default false */
                enabled?: boolean;
                /** @default  */
                clientId?: string;
                clientSecret?: string;
              };
              microsoft: {
                /** @default false */
                enabled?: boolean;
                /** @default  */
                clientId?: string;
                clientSecret?: string;
              };
              slack: {
                /** @default false */
                enabled?: boolean;
                /** @default  */
                clientId?: string;
                clientSecret?: string;
              };
              github: {
                /** @default false */
                enabled?: boolean;
                /** @default  */
                clientId?: string;
                clientSecret?: string;
              };
            };
          };
          security?: {
            passwordMin: number;
            /** @enum {string} */
            passwordComplexity: 'none' | 'letters_digits' | 'mixed_case_digits_symbols';
            domainAllowlist: string[];
            ipAllowlist: string[];
          };
          retention?: {
            auditDays: number;
            webhookDays: number;
          };
          rate?: {
            globalRpm: number;
            perTenantRpm: number;
          };
          billing?: {
            trialDays: number;
            /** @default true */
            trialNeedsCard?: boolean;
            graceDays: number;
            /** @default false */
            promotionCodes?: boolean;
            /** @default false */
            automaticTax?: boolean;
          };
        };
      };
    };
    responses: {
      /** @description Every section after the save. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            settings: {
              brand: {
                appName: string;
                supportEmail: string;
                logoUrl: string;
                faviconUrl: string;
                privacyUrl: string;
                termsUrl: string;
              };
              auth: {
                require2fa: boolean;
                sessionMaxHours: number;
                sessionIdleMinutes: number;
                providers: {
                  google: {
                    enabled: boolean;
                    clientId: string;
                    /** @description The saved client secret masked (`••••` and its last four characters), null when none is saved; never the secret. */
                    clientSecret: string | null;
                  };
                  microsoft: {
                    enabled: boolean;
                    clientId: string;
                    /** @description The saved client secret masked (`••••` and its last four characters), null when none is saved; never the secret. */
                    clientSecret: string | null;
                  };
                  slack: {
                    enabled: boolean;
                    clientId: string;
                    /** @description The saved client secret masked (`••••` and its last four characters), null when none is saved; never the secret. */
                    clientSecret: string | null;
                  };
                  github: {
                    enabled: boolean;
                    clientId: string;
                    /** @description The saved client secret masked (`••••` and its last four characters), null when none is saved; never the secret. */
                    clientSecret: string | null;
                  };
                };
              };
              security: {
                passwordMin: number;
                /** @enum {string} */
                passwordComplexity: 'none' | 'letters_digits' | 'mixed_case_digits_symbols';
                domainAllowlist: string[];
                ipAllowlist: string[];
              };
              retention: {
                auditDays: number;
                webhookDays: number;
              };
              rate: {
                globalRpm: number;
                perTenantRpm: number;
              };
              billing: {
                /** @description A new subscription’s free days; 0 = no trial. */
                trialDays: number;
                /** @description Whether Checkout asks for a card before the trial. */
                trialNeedsCard: boolean;
                /** @description Days a workspace keeps working after a failed payment. */
                graceDays: number;
                /** @description Checkout accepts Stripe promotion codes. */
                promotionCodes: boolean;
                /** @description Stripe Tax computes and collects tax. */
                automaticTax: boolean;
              };
            };
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. A value is not valid; the sentence names it (e.g. `Google sign-in needs a client ID.`, `Google sign-in needs a client secret.`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  setFeatureFlag: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key: 'embeds' | 'forms' | 'files' | 'public_api' | 'signup';
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          enabled: boolean;
        };
      };
    };
    responses: {
      /** @description The flag. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            flag: {
              /** @enum {string} */
              key: 'embeds' | 'forms' | 'files' | 'public_api' | 'signup';
              enabled: boolean;
              description: string;
            };
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listFeatureFlags: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every flag; one never set is on. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            flags: {
              /** @enum {string} */
              key: 'embeds' | 'forms' | 'files' | 'public_api' | 'signup';
              enabled: boolean;
              description: string;
            }[];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  activeBanners: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            banners: components['schemas']['Banner'][];
          };
        };
      };
      /** @description A malformed `x-tenant-id`. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You are not a member of this workspace. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  dismissBanner: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The announcement. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Dismissed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            dismissed: true;
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such announcement. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  announce: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          message: string;
          /**
           * @default all
           * @enum {string}
           */
          audience?: 'all' | 'plan' | 'tenants';
          /** @enum {string} */
          plan?: 'starter' | 'pro' | 'advanced';
          /** @description Workspace ids, as an array or comma-separated text. */
          tenantIds: string[];
          startAt?: string;
          endAt?: string;
          /** @default false */
          emailAdmins?: boolean;
        };
      };
    };
    responses: {
      /** @description Queued. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            announcement: components['schemas']['Announcement'];
            /** @description Emails queued to the audience’s admins. */
            emailed: number;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. End must be after start. A tenant id that names no workspace. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAnnouncements: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            history: components['schemas']['Announcement'][];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAlertRules: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Oldest first. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            rules: components['schemas']['AlertRule'][];
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createAlertRule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          metric: 'errorRate' | 'queueDepth' | 'webhookFailures';
          /**
           * @description `>` or `<` (platform-console §4). Or send it as `operator`.
           * @enum {string}
           */
          op?: '>' | '<';
          /**
           * @description The same as `op`, under its earlier name.
           * @enum {string}
           */
          operator?: '>' | '<';
          value: number;
          /** @enum {string} */
          window: '5m' | '15m' | '1h';
          /** @description An array, or comma-separated text. */
          actions: ('email_super_admins' | 'announce_tenant_admins' | 'post_slack')[];
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Created. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            rule: components['schemas']['AlertRule'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteAlertRule: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The alert rule. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such alert rule. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateAlertRule: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The alert rule. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          enabled: boolean;
        };
      };
    };
    responses: {
      /** @description The rule after the change. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            rule: components['schemas']['AlertRule'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No such alert rule. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  receiveAlerts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @constant */
          version: '4';
          /** @enum {string} */
          status: 'firing' | 'resolved';
          receiver: string;
          groupKey: string;
          groupLabels: {
            [key: string]: string;
          };
          commonLabels: {
            [key: string]: string;
          };
          commonAnnotations: {
            [key: string]: string;
          };
          externalURL: string;
          truncatedAlerts?: number;
          alerts: {
            /** @enum {string} */
            status: 'firing' | 'resolved';
            labels: {
              [key: string]: string;
            };
            annotations: {
              [key: string]: string;
            };
            startsAt: string;
            endsAt: string;
            generatorURL: string;
            fingerprint: string;
          }[];
        };
      };
    };
    responses: {
      /** @description Recorded. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            firing: number;
            resolved: number;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Not an Alertmanager webhook payload (version 4). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only the stack’s Alertmanager, on a private network, may post alerts. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  health: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Everything answers. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'ok';
          };
        };
      };
      /** @description PostgreSQL or Redis did not answer within 1.5 s or answered with an error (`not_ready`; `details` has `database` and `redis`, each `ok`, `no answer` or `failed`), or the process is shutting down (`draining`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  healthLive: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The process answers. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'ok';
          };
        };
      };
    };
  };
  healthReady: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Everything answers. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'ok';
          };
        };
      };
      /** @description PostgreSQL or Redis did not answer within 1.5 s or answered with an error (`not_ready`; `details` has `database` and `redis`, each `ok`, `no answer` or `failed`), or the process is shutting down (`draining`). */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  openApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI 3.1 document of the whole API. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
    };
  };
  signInWithTwoFactor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          challenge_token: string;
          code: string;
        };
      };
    };
    responses: {
      /** @description A new session. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Session'];
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The code is wrong or was already used (`invalid_two_factor_code`), or The challenge is unknown, used or expired (`invalid_two_factor_challenge`): sign in again. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many failed sign-ins for this address or from this IP (`login_throttled`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startTwoFactorEnrolmentAtSignIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          challenge_token: string;
        };
      };
    };
    responses: {
      /** @description The secret to add to an authenticator app. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            enrolment: {
              /** @description Base32, for typing into an authenticator app by hand. */
              secret: string;
              /** @description The `otpauth://totp/…` address the QR code holds. */
              otpauth_uri: string;
              /** @description The QR code as an SVG data URL. */
              qr_code: string;
            };
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The challenge is unknown, used or expired (`invalid_two_factor_challenge`): sign in again. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Two-factor sign-in is already on (`two_factor_enabled`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  confirmTwoFactorEnrolmentAtSignIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          challenge_token: string;
          code: string;
        };
      };
    };
    responses: {
      /** @description The recovery codes, shown once, and a new session. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            recovery_codes: string[];
            session: components['schemas']['Session'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Enrolment was not started (`two_factor_not_started`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The code is wrong (`invalid_two_factor_code`), or The challenge is unknown, used or expired (`invalid_two_factor_challenge`): sign in again. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Two-factor sign-in is already on (`two_factor_enabled`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many failed sign-ins for this address or from this IP (`login_throttled`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getTwoFactor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Its state. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            two_factor: {
              enabled: boolean;
              /** @description Super Settings require 2FA: it cannot be turned off. */
              required: boolean;
              recovery_codes_left: number;
            };
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startTwoFactorEnrolment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The secret to add to an authenticator app. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            enrolment: {
              /** @description Base32, for typing into an authenticator app by hand. */
              secret: string;
              /** @description The `otpauth://totp/…` address the QR code holds. */
              otpauth_uri: string;
              /** @description The QR code as an SVG data URL. */
              qr_code: string;
            };
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An impersonation session cannot change the person’s two-factor sign-in (`impersonation_credentials`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Two-factor sign-in is already on (`two_factor_enabled`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  confirmTwoFactorEnrolment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code: string;
        };
      };
    };
    responses: {
      /** @description The recovery codes, shown once. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Shown once; each works once in place of a code. */
            recovery_codes: string[];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The code is wrong (`invalid_two_factor_code`), or enrolment was not started (`two_factor_not_started`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An impersonation session cannot change the person’s two-factor sign-in (`impersonation_credentials`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Two-factor sign-in is already on (`two_factor_enabled`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many failed sign-ins for this address or from this IP (`login_throttled`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  disableTwoFactor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code: string;
        };
      };
    };
    responses: {
      /** @description Off; the recovery codes are gone. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            ok: true;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The code is wrong or was already used (`invalid_two_factor_code`), or two-factor sign-in is not on (`two_factor_disabled`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Two-factor sign-in is required on this platform (`two_factor_required`); An impersonation session cannot change the person’s two-factor sign-in (`impersonation_credentials`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many failed sign-ins for this address or from this IP (`login_throttled`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  regenerateRecoveryCodes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code: string;
        };
      };
    };
    responses: {
      /** @description The new recovery codes, shown once. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Shown once; each works once in place of a code. */
            recovery_codes: string[];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The code is wrong or was already used (`invalid_two_factor_code`), or two-factor sign-in is not on (`two_factor_disabled`). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An impersonation session cannot change the person’s two-factor sign-in (`impersonation_credentials`). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many failed sign-ins for this address or from this IP (`login_throttled`). */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startOnboarding: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          email: string;
          password: string;
          companyName: string;
          /** @enum {string} */
          source: 'Google' | 'Referral' | 'Social' | 'Other';
          sourceOther?: string | null;
          /** @enum {string} */
          title: 'Owner/Founder' | 'Admin' | 'Manager' | 'Other';
          plan?: ('starter' | 'pro' | 'advanced') | null;
        };
      };
    };
    responses: {
      /** @description The session and the onboarding state (step `plan`). */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            session: components['schemas']['Session'];
            onboarding: components['schemas']['OnboardingState'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. A field is missing or invalid, or the password does not follow the policy. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The email’s domain is not allowed to sign up, or signup is switched off. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description An account with this email already exists (`email_taken`). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getOnboardingStatus: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The onboarding state. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            onboarding: components['schemas']['OnboardingState'] | null;
          };
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  chooseOnboardingPlan: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          plan: 'starter' | 'pro' | 'advanced';
          /** @default 1 */
          adminSeats?: number;
        };
      };
    };
    responses: {
      /** @description The new state. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            onboarding: components['schemas']['OnboardingState'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Choose a plan: starter, pro, advanced. Admin seats must be a whole number of at least 1. More admin seats than the plan allows. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You have no workspace signup in progress. Start one from the sign-up page. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Your workspace is already being set up; its details can no longer change. Or another plan is already paid for. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startOnboardingCheckout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Ignored: the plan and cycle decide the price (lookup key `{plan}-{cycle}`). */
          price_id?: string | null;
          /** @enum {string} */
          plan: 'starter' | 'pro' | 'advanced';
          /**
           * @description How often the plan is charged (monthly by default).
           * @default monthly
           * @enum {string}
           */
          cycle?: 'monthly' | 'yearly';
        };
      };
    };
    responses: {
      /** @description Where to send the browser. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            url: string;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The plan is not the one chosen on the plan step. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You have no workspace signup in progress. Start one from the sign-up page. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This platform does not take card payments; your plan is recorded directly. Continue without checkout. Or the plan is already paid for. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stripe did not answer. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  verifyOnboardingCheckout: {
    parameters: {
      query: {
        session_id: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The new state (step `branding`). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            onboarding: components['schemas']['OnboardingState'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The session does not exist or its payment is not complete. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The checkout belongs to another signup. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You have no workspace signup in progress. Start one from the sign-up page. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This platform does not take card payments; your plan is recorded directly. Continue without checkout. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Stripe did not answer. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  checkOnboardingSubdomain: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          subdomain: string;
        };
      };
    };
    responses: {
      /** @description Available or why not. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            available: boolean;
            /** @description The subdomain as normalised (platform-console §5). */
            subdomain: string;
            /** @description `Available`, or why not: invalid format, reserved or already taken. */
            reason: string | null;
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  saveOnboardingBranding: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          brandColor?: string;
          logoUrl?: string | null;
          subdomain: string;
          customDomain?: string | null;
        };
      };
    };
    responses: {
      /** @description The new state. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            onboarding: components['schemas']['OnboardingState'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. Invalid subdomain format. Brand colour must be a colour such as #2563EB. A custom domain that is not a domain name or is the platform’s. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Custom domains need the Pro or Advanced plan. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You have no workspace signup in progress. Start one from the sign-up page. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description This subdomain is already taken. A reserved subdomain, a custom domain in use, or the plan step not done. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  uploadOnboardingLogo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description The image, at most 2 MB.
           */
          file: string;
        };
      };
    };
    responses: {
      /** @description The new state, `branding.logoUrl` set. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            onboarding: components['schemas']['OnboardingState'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. No image, or not a PNG, JPEG, WebP or GIF image. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You have no workspace signup in progress. Start one from the sign-up page. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Your workspace is already being set up; its details can no longer change. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The logo is larger than 2 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  saveOnboardingCapabilities: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @default true */
          useEmbeds?: boolean;
          /** @default true */
          useForms?: boolean;
          /** @default true */
          useFiles?: boolean;
          slackWebhook?: string | null;
          emailFromName?: string | null;
          emailFromAddress?: string | null;
        };
      };
    };
    responses: {
      /** @description The new state (step `review`). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            onboarding: components['schemas']['OnboardingState'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. The Slack webhook must be an https URL such as https://hooks.slack.com/services/…. Email sender address must be a valid email address. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You have no workspace signup in progress. Start one from the sign-up page. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Your workspace is already being set up; its details can no longer change. Or the branding step not done. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  provisionOnboarding: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': Record<string, never>;
      };
    };
    responses: {
      /** @description Queued (or already made). */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            ready: boolean;
            onboarding: components['schemas']['OnboardingState'];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. The body is not valid JSON. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description You have no workspace signup in progress. Start one from the sign-up page. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description A step before review is not done. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description The JSON body is larger than 1 MB. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listOnboardingEvents: {
    parameters: {
      query?: {
        action?: string;
        user_id?: string;
        failed?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The events. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            events: components['schemas']['OnboardingEvent'][];
          };
        };
      };
      /** @description The input is not valid; `error` names the first problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Only platform super admins can do that. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}
