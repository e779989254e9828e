/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactElement, ReactNode } from 'react';

export interface RenderedEmail {
  template: string;
  subject: string;
  html: string;
  text: string;
}

interface LayoutProps {
  preview: string;
  heading: string;
  brandName: string;
  brandColor: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
  legal?: PlatformLegal;
  /** Shown after the paragraphs, before the action (a digest's messages). */
  children?: ReactNode;
}

export function Layout({
  preview,
  heading,
  brandName,
  brandColor,
  paragraphs,
  action,
  footnote,
  legal,
  children,
}: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: '#f6f7f9',
          fontFamily: 'Inter, Helvetica, Arial, sans-serif',
          margin: 0,
          padding: '32px 0',
        }}
      >
        <Container
          style={{
            backgroundColor: '#ffffff',
            borderRadius: 8,
            padding: 32,
            maxWidth: 520,
            border: '1px solid #e5e7eb',
          }}
        >
          <Text style={{ fontSize: 14, fontWeight: 600, color: brandColor, margin: 0 }}>{brandName}</Text>
          <Heading as="h1" style={{ fontSize: 22, color: '#111827', margin: '16px 0' }}>
            {heading}
          </Heading>
          {paragraphs.map((p) => (
            <Text key={p} style={{ fontSize: 15, lineHeight: '24px', color: '#374151' }}>
              {p}
            </Text>
          ))}
          {children}
          <Section style={{ margin: '24px 0' }}>
            <Button
              href={action.url}
              style={{
                backgroundColor: brandColor,
                color: '#ffffff',
                borderRadius: 6,
                padding: '12px 20px',
                fontSize: 15,
                fontWeight: 600,
              }}
            >
              {action.label}
            </Button>
          </Section>
          <Text style={{ fontSize: 13, color: '#6b7280' }}>
            If the button does not work, open this link: {action.url}
          </Text>
          <Text style={{ fontSize: 13, color: '#6b7280' }}>{footnote}</Text>
          {legal && <LegalFooter legal={legal} />}
        </Container>
      </Body>
    </Html>
  );
}

/** The platform's support address and legal links, each only when the console gave one. */
function LegalFooter({ legal }: { legal: PlatformLegal }) {
  const links = [
    legal.supportEmail && { label: `Support: ${legal.supportEmail}`, href: `mailto:${legal.supportEmail}` },
    legal.privacyUrl && { label: 'Privacy policy', href: legal.privacyUrl },
    legal.termsUrl && { label: 'Terms of service', href: legal.termsUrl },
  ].filter((link): link is { label: string; href: string } => Boolean(link));
  if (links.length === 0) return null;
  return (
    <Text style={{ fontSize: 12, color: '#9ca3af', borderTop: '1px solid #e5e7eb', paddingTop: 12 }}>
      {links.map((link, i) => (
        <span key={link.href}>
          {i > 0 && ' · '}
          <Link href={link.href} style={{ color: '#6b7280' }}>
            {link.label}
          </Link>
        </span>
      ))}
    </Text>
  );
}

export async function renderEmail(template: string, subject: string, element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { template, subject, html, text };
}

export const DEFAULT_BRAND_COLOR = '#2563eb';

/** What the platform's own emails end with (Super Settings, Brand and Legal); an empty field is left out. */
export interface PlatformLegal {
  supportEmail: string;
  privacyUrl: string;
  termsUrl: string;
}

export interface Brand {
  name: string;
  primaryColor?: string | null;
  /** Only the platform's brand has it; a workspace's emails carry no platform links. */
  legal?: PlatformLegal;
}

export function invitationEmail(brand: Brand, inviteUrl: string, roleLabel: string): Promise<RenderedEmail> {
  return renderEmail(
    'invitation',
    `You're invited to join ${brand.name}`,
    <Layout
      preview={`Join ${brand.name} on its client portal`}
      heading={`Join ${brand.name}`}
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={[
        `You have been invited to the ${brand.name} portal as ${roleLabel}.`,
        'Create your account to accept the invitation. The link works once and expires in 7 days.',
      ]}
      action={{ label: 'Accept invitation', url: inviteUrl }}
      footnote="If you were not expecting this invitation, you can ignore this email."
    />,
  );
}

export function passwordResetEmail(brand: Brand, resetUrl: string): Promise<RenderedEmail> {
  return renderEmail(
    'password-reset',
    `Reset your ${brand.name} password`,
    <Layout
      preview="A link to choose a new password"
      heading="Reset your password"
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={[
        `Someone asked to reset the password of your ${brand.name} account.`,
        'Choose a new password with the link below. It works once and expires in 1 hour.',
      ]}
      action={{ label: 'Choose a new password', url: resetUrl }}
      footnote="If you did not ask for this, ignore this email: your password stays the same."
    />,
  );
}

/** A sign-in link (issue 31), with its code for signing in on another device. */
export function magicLinkEmail(
  brand: Brand,
  input: { url: string; code: string; minutes: number },
): Promise<RenderedEmail> {
  return renderEmail(
    'magic-link',
    `Sign in to ${brand.name}`,
    <Layout
      preview={`Your sign-in link and code ${input.code}`}
      heading={`Sign in to ${brand.name}`}
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={[
        `Someone asked to sign in to your ${brand.name} account with this email.`,
        `Open the link below in the browser you asked from. It works once and expires in ${input.minutes} minutes.`,
        `On another device, enter this code on the sign-in page instead: ${input.code}`,
      ]}
      action={{ label: `Sign in to ${brand.name}`, url: input.url }}
      footnote="If you did not ask for this, ignore this email: nobody can sign in without it."
    />,
  );
}

/** A link that proves the address it is sent to: a new account's, or the one an account asked to move to. */
export function emailVerificationEmail(
  brand: Brand,
  input: { url: string; change: boolean; hours: number },
): Promise<RenderedEmail> {
  return renderEmail(
    'email-verification',
    `Confirm your email for ${brand.name}`,
    <Layout
      preview="One click to confirm this address"
      heading="Confirm your email"
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={[
        input.change
          ? `Someone asked to make this the sign-in email of a ${brand.name} account. It takes effect once you confirm it.`
          : `Confirm that this address is yours to finish setting up your ${brand.name} account.`,
        `The link below works once and expires in ${input.hours} hours.`,
      ]}
      action={{ label: 'Confirm my email', url: input.url }}
      footnote="If you did not ask for this, ignore this email: nothing changes."
    />,
  );
}

/** To the old address when an account asks to move to another one. */
export function emailChangeNoticeEmail(
  brand: Brand,
  input: { newEmail: string; signInUrl: string },
): Promise<RenderedEmail> {
  return renderEmail(
    'email-change-notice',
    `Your ${brand.name} sign-in email is changing`,
    <Layout
      preview={`A change to ${input.newEmail} was asked for`}
      heading="Your sign-in email is changing"
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={[
        `Someone signed in to your ${brand.name} account asked to change its sign-in email to ${input.newEmail}.`,
        'It changes once that address is confirmed; until then you keep signing in with this one.',
      ]}
      action={{ label: 'Sign in to review it', url: input.signInUrl }}
      footnote="If this was not you, change your password now and tell your workspace's administrator."
    />,
  );
}

/** To the owner once onboarding has made their workspace. */
export function welcomeEmail(brand: Brand, loginUrl: string): Promise<RenderedEmail> {
  return renderEmail(
    'welcome',
    `Your ${brand.name} workspace is ready`,
    <Layout
      preview={`${brand.name} is ready for you and your clients`}
      heading="Your workspace is ready"
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      paragraphs={[
        `${brand.name} is set up. Sign in at its own address to invite your team and clients, share files and build forms.`,
        `Your workspace's address is ${loginUrl.replace(/\/login$/, '')}.`,
      ]}
      action={{ label: 'Sign in to your workspace', url: loginUrl }}
      footnote="You received this email because you created this workspace."
    />,
  );
}

/**
 * To a person who accepted an invitation and joined a workspace (the spec's send-welcome-email): in
 * the workspace's brand, by their first name, naming who invited them when known.
 */
export function memberWelcomeEmail(
  brand: Brand,
  input: { firstName: string | null; inviter: string | null; portalUrl: string; origin: string },
): Promise<RenderedEmail> {
  return renderEmail(
    'member-welcome',
    `Welcome to ${brand.name}`,
    <Layout
      preview={`You have joined the ${brand.name} portal`}
      heading={input.firstName ? `Welcome, ${input.firstName}` : `Welcome to ${brand.name}`}
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      paragraphs={[
        input.inviter
          ? `${input.inviter} invited you to the ${brand.name} portal, and you have joined it.`
          : `You have joined the ${brand.name} portal.`,
        `Sign in at ${input.origin} to see the files, forms and messages shared with you there.`,
      ]}
      action={{ label: `Open ${brand.name}`, url: input.portalUrl }}
      footnote={`You received this email because you accepted an invitation to ${brand.name}.`}
    />,
  );
}

/** The answers listed in a form-submission email, as label and text. */
export interface SubmittedAnswer {
  label: string;
  text: string;
}

export function formSubmittedEmail(
  brand: Brand,
  input: { formTitle: string; submitter: string; answers: SubmittedAnswer[]; responsesUrl: string },
): Promise<RenderedEmail> {
  const lines = input.answers.map((a) => `${a.label}: ${a.text || '—'}`);
  return renderEmail(
    'form-submitted',
    `New response to ${input.formTitle}`,
    <Layout
      preview={`${input.submitter} submitted ${input.formTitle}`}
      heading={`New response to ${input.formTitle}`}
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={[`${input.submitter} submitted ${input.formTitle} in the ${brand.name} portal.`, ...lines]}
      action={{ label: 'View responses', url: input.responsesUrl }}
      footnote="You receive this email because you are an admin of this workspace."
    />,
  );
}

export function webhookDisabledEmail(
  brand: Brand,
  input: { url: string; failures: number; lastError: string; integrationsUrl: string },
): Promise<RenderedEmail> {
  return renderEmail(
    'webhook-disabled',
    `A webhook of ${brand.name} was disabled`,
    <Layout
      preview={`Deliveries to ${input.url} kept failing`}
      heading="A webhook was disabled"
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={[
        `The last ${input.failures} deliveries to ${input.url} failed, so Portico stopped sending events to it.`,
        `Last error: ${input.lastError}`,
        'Fix the receiving endpoint, then enable the webhook again on the Integrations page. Failed deliveries can be replayed from its delivery log.',
      ]}
      action={{ label: 'Open Integrations', url: input.integrationsUrl }}
      footnote="You receive this email because you are an admin of this workspace."
    />,
  );
}

export function domainCertificateEmail(
  brand: Brand,
  input: { domain: string; failure: string | null; settingsUrl: string },
): Promise<RenderedEmail> {
  const ready = input.failure === null;
  return renderEmail(
    ready ? 'domain-ready' : 'domain-failed',
    ready ? `${input.domain} is live for ${brand.name}` : `${input.domain} could not get a certificate`,
    <Layout
      preview={
        ready ? `https://${input.domain} now serves your portal` : `HTTPS for ${input.domain} is not working yet`
      }
      heading={ready ? 'Your domain is live' : 'Your domain has no certificate'}
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={
        ready
          ? [`https://${input.domain} now serves your portal, with a certificate the proxy renews by itself.`]
          : [
              `We verified ${input.domain}, but for an hour the proxy could not serve it over HTTPS.`,
              `Last error: ${input.failure}`,
              'Check that the domain points at the platform (a CNAME or A record), then press Verify on the Domains settings to try again.',
            ]
      }
      action={{ label: 'Open domain settings', url: input.settingsUrl }}
      footnote="You receive this email because you are an admin of this workspace."
    />,
  );
}

/** A domain this workspace claimed was verified by another workspace first: the claim is gone. */
export function domainClaimLostEmail(
  brand: Brand,
  input: { domain: string; settingsUrl: string },
): Promise<RenderedEmail> {
  return renderEmail(
    'domain-claim-lost',
    `${input.domain} was verified by another workspace`,
    <Layout
      preview={`${input.domain} is no longer connected to ${brand.name}`}
      heading="Your domain was taken"
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={[
        `${brand.name} had added ${input.domain} but not verified it yet. Another workspace published the domain's TXT record and verified it first, so ${input.domain} now belongs to that workspace and was removed from yours.`,
        `If ${input.domain} is yours, someone else can change its DNS records: check who has access at your DNS host, then ask the platform operator to release the domain.`,
      ]}
      action={{ label: 'Open domain settings', url: input.settingsUrl }}
      footnote="You receive this email because you are an admin of this workspace."
    />,
  );
}

export function announcementEmail(
  brand: Brand,
  input: { title: string; message: string; portalUrl: string },
): Promise<RenderedEmail> {
  return renderEmail(
    'announcement',
    input.title,
    <Layout
      preview={input.message.slice(0, 120)}
      heading={input.title}
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={input.message.split(/\n{2,}/)}
      action={{ label: 'Open the portal', url: input.portalUrl }}
      footnote="You receive this email because you are an admin of this workspace."
    />,
  );
}

export function alertFiredEmail(
  brand: Brand,
  input: {
    condition: string;
    value: number;
    at: Date;
    consoleUrl: string;
  },
): Promise<RenderedEmail> {
  return renderEmail(
    'alert-fired',
    `Alert: ${input.condition}`,
    <Layout
      preview={`${input.condition}: the figure is ${input.value}`}
      heading="An alert rule fired"
      brandName={brand.name}
      brandColor={DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={[
        `The rule “${input.condition}” is breached: the figure was ${input.value} at ${input.at.toISOString()}.`,
        'It will not fire again until the figure has recovered and breaches the rule anew.',
      ]}
      action={{ label: 'Open Mission Control', url: input.consoleUrl }}
      footnote="You receive this email because you are a super admin of this platform."
    />,
  );
}

/** The SendGrid integration's Test: a message to the super admin who pressed it. */
export function integrationTestEmail(brand: Brand, input: { consoleUrl: string }): Promise<RenderedEmail> {
  return renderEmail(
    'integration-test',
    `${brand.name} test email through SendGrid`,
    <Layout
      preview="The platform's mail goes out through SendGrid"
      heading="SendGrid works"
      brandName={brand.name}
      brandColor={DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={['This test email went out through SendGrid with the API key saved in the console’s Integrations.']}
      action={{ label: 'Open Integrations', url: input.consoleUrl }}
      footnote="You receive this email because you pressed Test on the SendGrid integration."
    />,
  );
}

/** What a billing email is about: a `billing_notices` kind, or the date billing starts set by the operator. */
export type BillingNoticeTopic =
  'grace_started' | 'grace_ending' | 'trial_ending' | 'billing_starting' | 'billing_scheduled';

/** A workspace's billing news for its admins: the date it is about, and the Billing page to act on it. */
export function billingNoticeEmail(
  brand: Brand,
  input: { topic: BillingNoticeTopic; date: string; billingUrl: string },
): Promise<RenderedEmail> {
  const { date } = input;
  const copy: Record<BillingNoticeTopic, { template: string; subject: string; heading: string; paragraphs: string[] }> =
    {
      grace_started: {
        template: 'billing-grace-started',
        subject: `The last payment for ${brand.name} failed`,
        heading: 'A payment failed',
        paragraphs: [
          `The last payment for ${brand.name} failed. Everything keeps working until ${date}.`,
          `If it is still unpaid then, the workspace becomes read-only for its members: they can sign in, read and download, but not upload, edit or invite. Update the payment method on the Billing page to pay.`,
        ],
      },
      grace_ending: {
        template: 'billing-grace-ending',
        subject: `${brand.name} becomes read-only on ${date}`,
        heading: 'Your payment is still overdue',
        paragraphs: [
          `The last payment for ${brand.name} is still unpaid. On ${date} the workspace becomes read-only for its members until it is paid.`,
          'Update the payment method on the Billing page to keep everything working.',
        ],
      },
      trial_ending: {
        template: 'billing-trial-ending',
        subject: `The trial of ${brand.name} ends on ${date}`,
        heading: 'Your trial ends soon',
        paragraphs: [
          `The trial of ${brand.name} ends on ${date}. Then the plan is charged to the payment method on file.`,
          'Without a payment method the workspace becomes read-only until you choose a plan on the Billing page.',
        ],
      },
      billing_starting: {
        template: 'billing-starting',
        subject: `Billing for ${brand.name} starts on ${date}`,
        heading: 'Choose a plan',
        paragraphs: [
          `Billing for ${brand.name} starts on ${date}. Choose a plan on the Billing page before then.`,
          'Without a plan from that day the workspace becomes read-only for its members until one is chosen.',
        ],
      },
      billing_scheduled: {
        template: 'billing-scheduled',
        subject: `Billing for ${brand.name} starts on ${date}`,
        heading: 'Billing starts soon',
        paragraphs: [
          `The platform operator asked ${brand.name} to subscribe: billing starts on ${date}. Choose a plan on the Billing page before then.`,
          'Without a plan from that day the workspace becomes read-only for its members until one is chosen.',
        ],
      },
    };
  const { template, subject, heading, paragraphs } = copy[input.topic];
  return renderEmail(
    template,
    subject,
    <Layout
      preview={paragraphs[0]!}
      heading={heading}
      brandName={brand.name}
      brandColor={brand.primaryColor ?? DEFAULT_BRAND_COLOR}
      legal={brand.legal}
      paragraphs={paragraphs}
      action={{ label: 'Open Billing', url: input.billingUrl }}
      footnote="You receive this email because you are an admin of this workspace."
    />,
  );
}
