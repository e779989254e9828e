import type { InviteAnswer } from '../../lib/api/types';

/** platform-console §8: what an invitation produced, including the link to share when mail failed. */
export function inviteResultText(answer: Pick<InviteAnswer, 'emailSent' | 'emailError' | 'signup_url'>): string {
  if (answer.emailSent) return 'Invite sent successfully';
  // The reason is a sentence of its own; the template supplies the full stop.
  const reason = answer.emailError?.trim().replace(/\.+$/, '');
  if (reason) return `Invite created, but email failed: ${reason}. Share this link: ${answer.signup_url}`;
  return `Invite created. Share this link: ${answer.signup_url}`;
}
