/** Embed rules shared by the SPA and the API (tenant-portal §2 Embeds, §5; DECISIONS §3, §4). */

import { ownValue } from './records';

export interface EmbedProvider {
  key: string;
  label: string;
}

interface ProviderRule extends EmbedProvider {
  /** Host names (the host itself or any subdomain of it). */
  hosts: readonly string[];
  /** When set, the path must start with one of these. */
  paths?: readonly string[];
}

const RULES: readonly ProviderRule[] = [
  { key: 'calendly', label: 'Calendly', hosts: ['calendly.com'] },
  { key: 'cal_com', label: 'Cal.com', hosts: ['cal.com'] },
  { key: 'google_docs', label: 'Google Docs', hosts: ['docs.google.com'], paths: ['/document/'] },
  { key: 'google_sheets', label: 'Google Sheets', hosts: ['docs.google.com'], paths: ['/spreadsheets/'] },
  { key: 'google_slides', label: 'Google Slides', hosts: ['docs.google.com'], paths: ['/presentation/'] },
  { key: 'google_forms', label: 'Google Forms', hosts: ['docs.google.com'], paths: ['/forms/'] },
  { key: 'google_forms', label: 'Google Forms', hosts: ['forms.gle'] },
  { key: 'google_calendar', label: 'Google Calendar', hosts: ['calendar.google.com'] },
  { key: 'typeform', label: 'Typeform', hosts: ['typeform.com'] },
  { key: 'jotform', label: 'Jotform', hosts: ['jotform.com', 'jotform.me', 'jotform.eu'] },
  { key: 'tally', label: 'Tally', hosts: ['tally.so'] },
  { key: 'notion', label: 'Notion', hosts: ['notion.so', 'notion.site'] },
  { key: 'airtable', label: 'Airtable', hosts: ['airtable.com'] },
  { key: 'loom', label: 'Loom', hosts: ['loom.com'] },
  { key: 'youtube', label: 'YouTube', hosts: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'] },
  { key: 'vimeo', label: 'Vimeo', hosts: ['vimeo.com'] },
  { key: 'hubspot_meetings', label: 'HubSpot Meetings', hosts: ['meetings.hubspot.com', 'meetings-eu1.hubspot.com'] },
  { key: 'hubspot_forms', label: 'HubSpot Forms', hosts: ['share.hsforms.com', 'hsforms.com'] },
  { key: 'microsoft_forms', label: 'Microsoft Forms', hosts: ['forms.office.com', 'forms.microsoft.com'] },
  {
    key: 'microsoft_bookings',
    label: 'Microsoft Bookings',
    hosts: ['outlook.office.com', 'outlook.office365.com'],
    paths: ['/book/', '/owa/calendar/'],
  },
  { key: 'acuity', label: 'Acuity Scheduling', hosts: ['acuityscheduling.com', 'as.me'] },
  { key: 'docusign', label: 'DocuSign', hosts: ['docusign.net', 'docusign.com'] },
  { key: 'figma', label: 'Figma', hosts: ['figma.com'] },
  { key: 'miro', label: 'Miro', hosts: ['miro.com'] },
  { key: 'canva', label: 'Canva', hosts: ['canva.com'] },
  { key: 'looker_studio', label: 'Looker Studio', hosts: ['lookerstudio.google.com', 'datastudio.google.com'] },
  { key: 'power_bi', label: 'Power BI', hosts: ['app.powerbi.com'] },
];

export const CUSTOM_PROVIDER: EmbedProvider = { key: 'custom', label: 'Custom' };

/** Every provider an embed may name, in the order the picker lists them; custom last. */
export const EMBED_PROVIDERS: readonly EmbedProvider[] = [
  ...RULES.filter((rule, i) => RULES.findIndex((r) => r.key === rule.key) === i).map(({ key, label }) => ({
    key,
    label,
  })),
  CUSTOM_PROVIDER,
];

export const EMBED_PROVIDER_KEYS: readonly string[] = EMBED_PROVIDERS.map((p) => p.key);

export function providerLabel(key: string): string {
  return EMBED_PROVIDERS.find((p) => p.key === key)?.label ?? key;
}

function hostMatches(host: string, wanted: string): boolean {
  return host === wanted || host.endsWith(`.${wanted}`);
}

/** Recognises the tool behind an address by its host (and path); anything else is custom. */
export function detectProvider(url: string): EmbedProvider {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return CUSTOM_PROVIDER;
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const rule = RULES.find(
    (r) =>
      r.hosts.some((h) => hostMatches(host, h)) && (!r.paths || r.paths.some((p) => parsed.pathname.startsWith(p))),
  );
  return rule ? { key: rule.key, label: rule.label } : CUSTOM_PROVIDER;
}

/** Tools of a platform integration the console can turn off for a workspace (platform-console §2 Integrations). */
const PROVIDER_INTEGRATIONS: Readonly<Record<string, EmbedIntegration>> = {
  google_docs: 'google',
  google_sheets: 'google',
  google_slides: 'google',
  google_forms: 'google',
  google_calendar: 'google',
  looker_studio: 'google',
  microsoft_forms: 'microsoft',
  microsoft_bookings: 'microsoft',
  power_bi: 'microsoft',
};

export type EmbedIntegration = 'google' | 'microsoft';

/** The integration an embed's tool belongs to, by its provider or, for one saved as custom, by its address. */
export function embedIntegrationOf(embed: { provider: string; url: string }): EmbedIntegration | null {
  return (
    ownValue(PROVIDER_INTEGRATIONS, embed.provider) ??
    ownValue(PROVIDER_INTEGRATIONS, detectProvider(embed.url).key) ??
    null
  );
}

export const EMBED_INTEGRATION_OFF: Readonly<Record<EmbedIntegration, string>> = {
  google: 'The platform turned Google tools off for this workspace.',
  microsoft: 'The platform turned Microsoft tools off for this workspace.',
};

export const EMBED_URL_HTTPS_MESSAGE = 'The embed URL must be a full https:// address.';

/** Embeds load only over https: no http, `javascript:`, `data:` or other schemes, no credentials. */
export function isEmbeddableUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && parsed.hostname !== '' && !parsed.username && !parsed.password;
}

/** The audience value meaning every member of the workspace (DECISIONS §3). */
export const EMBED_AUDIENCE_ALL = 'all';

export const EMBED_MESSAGES = {
  added: 'Embed added',
  fillRequired: 'Please fill Title, Provider and URL',
  chooseUser: 'Please choose a user',
  saveFailed: 'Save failed',
  noAccess: "You don't have access to this embed.",
  empty: 'No embeds yet.',
  frameBlocked: "This tool can't be shown inside the portal.",
} as const;

/** How long the manager's messages stay (tenant-portal §5: about 2.5 s). */
export const EMBED_MESSAGE_MS = 2500;

export interface EmbedAudience {
  embed_type: 'role' | 'user';
  role: string | null;
  user_id: string | null;
  is_active: boolean;
}

/**
 * DECISIONS §3: a member sees active embeds aimed at their role key, at `all`, or at them
 * personally. Owners count as `admin`.
 */
export function embedVisibleTo(embed: EmbedAudience, member: { userId: string; role: string | null }): boolean {
  if (!embed.is_active) return false;
  if (embed.embed_type === 'user') return embed.user_id === member.userId;
  if (embed.role === EMBED_AUDIENCE_ALL) return true;
  if (member.role === null) return false;
  return embed.role === member.role || (member.role === 'owner' && embed.role === 'admin');
}
