/** The notification inbox: what happened to a person in a workspace (issue 33). */
export * from './inbox';
export {
  digestWindowEnd,
  inboxDigestJobId,
  queueInboxDigests,
  sendInboxDigest,
  type InboxDigestJob,
  type InboxDigestOutcome,
} from './inbox-digest';
export {
  INBOX_UNSUBSCRIBE_PATH,
  inboxEmailSettings,
  signUnsubscribeToken,
  unsubscribeInboxEmail,
  updateInboxEmailSetting,
} from './inbox-email';
