import brandUrl from './illustrations/brand.svg';
import embedsUrl from './illustrations/embeds.svg';
import filesUrl from './illustrations/files.svg';
import formsUrl from './illustrations/forms.svg';

/**
 * The landing page's words and pictures (platform-console §2 Landing page). Everything said here
 * is something the product does; testimonials are labelled as illustrations, with no figures.
 */

export interface Slide {
  title: string;
  text: string;
  image: string;
  alt: string;
}

export const SLIDES: readonly Slide[] = [
  {
    title: 'Files, shared the right way',
    text: 'Upload for one client or a whole role, and see what is new and what has been opened.',
    image: filesUrl,
    alt: 'A workspace’s file list: an upload area above a table of documents, each marked new or viewed.',
  },
  {
    title: 'Forms you build in minutes',
    text: 'Drag fields into a form, assign it to the people who should answer, and read the responses.',
    image: formsUrl,
    alt: 'The form builder: a form with text fields and a choice question, a palette of field types beside it.',
  },
  {
    title: 'The tools you already use, inside the portal',
    text: 'Scheduling pages, documents and dashboards open in your portal, so clients stay in one place.',
    image: embedsUrl,
    alt: 'An embedded booking calendar inside the portal, with a date picked and open time slots listed.',
  },
  {
    title: 'Your brand from the first screen',
    text: 'Your logo, your colours and your own domain on the sign-in page and everywhere after it.',
    image: brandUrl,
    alt: 'A sign-in page in a purple brand on its own web address, beside the logo and colour settings.',
  },
];

export type FeatureIcon = 'brand' | 'files' | 'forms' | 'embeds' | 'people' | 'integrations';

export interface Feature {
  icon: FeatureIcon;
  title: string;
  text: string;
}

export const FEATURES: readonly Feature[] = [
  {
    icon: 'brand',
    title: 'White-label workspaces',
    text: 'Your name, logo, colours and favicon, on your subdomain or your own domain with its certificate.',
  },
  {
    icon: 'files',
    title: 'File sharing',
    text: 'Upload for a person or a role, preview in the browser, and see every view and download.',
  },
  {
    icon: 'forms',
    title: 'Forms and intake',
    text: 'Build forms, assign them by role or person, and be told by email, webhook or Slack when one comes in.',
  },
  {
    icon: 'embeds',
    title: 'Embedded tools',
    text: 'Booking pages, documents and dashboards from the tools you use, shown safely inside the portal.',
  },
  {
    icon: 'people',
    title: 'People and roles',
    text: 'Invite clients and your team, give each role its own dashboard, and suspend access in one click.',
  },
  {
    icon: 'integrations',
    title: 'API and webhooks',
    text: 'Connect your own systems with API keys and signed webhooks on the Pro and Advanced plans.',
  },
];

export const STEPS: readonly { title: string; text: string }[] = [
  { title: 'Pick a plan', text: 'Create your account and choose the plan that fits how many clients you serve.' },
  { title: 'Make it yours', text: 'Add your logo and colours, choose your address, and turn on the tools you need.' },
  { title: 'Invite your clients', text: 'Send invitations; each client signs in to a portal that looks like you.' },
];

export interface Testimonial {
  quote: string;
  who: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: 'Our clients stopped digging through email threads for the latest contract. They know where to look.',
    who: 'A small design studio',
  },
  {
    quote: 'Intake forms arrive in one place and the team hears about each one in Slack straight away.',
    who: 'A recruiting practice',
  },
  {
    quote: 'Booking and session notes sit behind my own logo, so it feels like my practice, not someone else’s app.',
    who: 'An independent coach',
  },
];
