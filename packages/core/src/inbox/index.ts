/** The notification inbox: what happened to a person in a workspace (issue 33). */
export * from './inbox';
