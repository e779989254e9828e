/**
 * Invitations to a workspace. Below auth and people: sign-up honours an open invitation, and the people
 * domain and its plan caps count them.
 */
export * from './invitations';
export { countOpenInvitationsByRole, countOpenInvitationsToRoles, openInvitationWhere } from './invitations-data';
