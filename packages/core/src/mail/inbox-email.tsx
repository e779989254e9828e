/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Section, Text } from '@react-email/components';
import { DEFAULT_BRAND_COLOR, Layout, renderEmail, type Brand, type RenderedEmail } from './templates';

/**
 * One inbox item by email, in the workspace's brand (issue 33): its title as subject and heading, a
 * button to what it links to, and how to stop this kind of email (also in its List-Unsubscribe header).
 */
export function inboxItemEmail(
  brand: Brand,
  input: { kind: string; title: string; body: string | null; url: string; unsubscribeUrl: string },
): Promise<RenderedEmail> {
  return renderEmail(
    `inbox-${input.kind}`,
    input.title,
    <Layout
      preview={input.title}
      heading={input.title}
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      paragraphs={input.body ? [input.body] : [`Open the ${brand.name} portal to see it.`]}
      action={{ label: 'Open in the portal', url: input.url }}
      footnote={`You receive this email because of your notification settings in ${brand.name}. Stop emails like this one: ${input.unsubscribeUrl}`}
    />,
  );
}

/** One item of a digest: its title, first words and the page it opens. */
export interface DigestEntry {
  id: string;
  title: string;
  body: string | null;
  url: string;
}

/**
 * The daily digest of the inbox, in the workspace's brand: each unread item of the kinds the person
 * chose `daily` for, linked to its page, and how to stop the digest (also in its List-Unsubscribe header).
 */
export function inboxDigestEmail(
  brand: Brand,
  input: { items: DigestEntry[]; total: number; portalUrl: string; unsubscribeUrl: string },
): Promise<RenderedEmail> {
  const color = brand.primaryColor ?? DEFAULT_BRAND_COLOR;
  const many = input.total === 1 ? 'a notification' : `${input.total} notifications`;
  const subject = `Your daily digest: ${many} you have not read in ${brand.name}`;
  const more = input.total - input.items.length;
  return renderEmail(
    'inbox-digest',
    subject,
    <Layout
      preview={subject}
      heading={input.total === 1 ? 'A notification you have not read' : 'Notifications you have not read'}
      brandName={brand.name}
      brandColor={color}
      paragraphs={[`Since your last digest, ${many} came for you in the ${brand.name} portal.`]}
      action={{ label: 'Open the portal', url: input.portalUrl }}
      footnote={`You receive this email because you chose a daily digest in your notification settings in ${brand.name}. Stop the digest: ${input.unsubscribeUrl}`}
    >
      {input.items.map((item) => (
        <Section key={item.id} style={{ borderTop: '1px solid #e5e7eb', paddingTop: 8 }}>
          <Text style={{ fontSize: 15, fontWeight: 600, margin: '8px 0' }}>
            <Link href={item.url} style={{ color }}>
              {item.title}
            </Link>
          </Text>
          {item.body && <Text style={{ fontSize: 15, lineHeight: '22px', color: '#374151' }}>{item.body}</Text>}
        </Section>
      ))}
      {more > 0 && (
        <Text style={{ fontSize: 15, color: '#374151' }}>
          And {more === 1 ? 'one more' : `${more} more`} in the portal’s notifications.
        </Text>
      )}
    </Layout>,
  );
}
