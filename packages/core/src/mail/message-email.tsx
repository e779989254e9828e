/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Section, Text } from '@react-email/components';
import { DEFAULT_BRAND_COLOR, Layout, renderEmail, type Brand, type RenderedEmail } from './templates';

/** One thread of an email of unread messages: its title, where it opens, and its messages (oldest first). */
export interface UnreadThread {
  title: string;
  url: string;
  messages: Array<{ author: string; body: string; at: string }>;
}

/**
 * Messages a person has not read, in the workspace's brand: each thread with its messages and a
 * link to it (issue 32). `digest` names the hourly or daily window; without it the email is about
 * messages of the last minutes.
 */
export function unreadMessagesEmail(
  brand: Brand,
  input: { threads: UnreadThread[]; total: number; digest: 'hourly' | 'daily' | null; messagesUrl: string },
): Promise<RenderedEmail> {
  const shown = input.threads.reduce((n, t) => n + t.messages.length, 0);
  const many = input.total === 1 ? 'a message' : `${input.total} messages`;
  const subject =
    input.digest === null
      ? `You have ${input.total === 1 ? 'a new message' : `${input.total} new messages`} in ${brand.name}`
      : `Your ${input.digest} digest: ${many} you have not read in ${brand.name}`;
  const more = input.total - shown;
  const only = input.threads.length === 1 ? input.threads[0]! : null;
  const color = brand.primaryColor ?? DEFAULT_BRAND_COLOR;
  return renderEmail(
    input.digest === null ? 'message-unread' : `message-digest-${input.digest}`,
    subject,
    <Layout
      preview={subject}
      heading={input.total === 1 ? 'A message you have not read' : 'Messages you have not read'}
      brandName={brand.name}
      brandColor={color}
      legal={brand.legal}
      paragraphs={[`You have ${many} you have not read in the ${brand.name} portal.`]}
      action={{ label: only ? 'Open the conversation' : 'Open Messages', url: only ? only.url : input.messagesUrl }}
      footnote="You receive this email because you have not read these messages. Choose how often, or stop these emails, in your account's notification settings."
    >
      {input.threads.map((thread) => (
        <Section key={thread.url} style={{ borderTop: '1px solid #e5e7eb', paddingTop: 8 }}>
          <Text style={{ fontSize: 15, fontWeight: 600, margin: '8px 0' }}>
            <Link href={thread.url} style={{ color }}>
              {thread.title}
            </Link>
          </Text>
          {thread.messages.map((m) => (
            <Text key={`${m.at}-${m.author}-${m.body}`} style={{ fontSize: 15, lineHeight: '22px', color: '#374151' }}>
              <strong>{m.author}</strong> · {m.at}
              <br />
              <span style={{ whiteSpace: 'pre-wrap' }}>{m.body}</span>
            </Text>
          ))}
        </Section>
      ))}
      {more > 0 && (
        <Text style={{ fontSize: 15, color: '#374151' }}>
          And {more === 1 ? 'one more message' : `${more} more messages`} in Messages.
        </Text>
      )}
    </Layout>,
  );
}
