import { Mail } from 'lucide-react';
import { Banner } from '../../../ui/Banner';
import { useHeldMail } from '../api/email-confirmation';
import { ResendConfirmationButton } from './ResendConfirmationButton';

const waiting = (count: number) =>
  count === 0 ? '' : ` (${count === 1 ? '1 message waits' : `${count} messages wait`})`;

/**
 * Above the admin pages of a workspace whose owner has not confirmed their address (issue 31): its
 * mail to clients waits until they do. The owner is given the link again; other admins are told whom
 * it waits for. Nothing shows while it is asked, or for whoever may not ask.
 */
export function HeldMailBanner({ tenantId }: { tenantId: string | null }) {
  const { data } = useHeldMail(tenantId);
  if (!data?.held) return null;
  return data.yours ? (
    <Banner tone="info" icon={Mail} action={<ResendConfirmationButton variant="link" />}>
      Confirm your email address: mail to your clients waits until you do{waiting(data.count)}.
    </Banner>
  ) : (
    <Banner tone="info" icon={Mail}>
      Mail to this workspace’s clients waits until its owner confirms their email address{waiting(data.count)}.
    </Banner>
  );
}
