/** @jsxRuntime automatic */
/** @jsxImportSource react */
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
