import { describe, expect, it } from 'vitest';
import {
  detectProvider,
  EMBED_PROVIDER_KEYS,
  embedVisibleTo,
  isEmbeddableUrl,
  providerLabel,
  type EmbedAudience,
} from '../src';

describe('detectProvider', () => {
  it.each([
    ['https://calendly.com/acme/30min', 'calendly', 'Calendly'],
    ['https://cal.com/team/intro', 'cal_com', 'Cal.com'],
    ['https://app.cal.com/x', 'cal_com', 'Cal.com'],
    ['https://docs.google.com/document/d/abc/edit', 'google_docs', 'Google Docs'],
    ['https://docs.google.com/spreadsheets/d/abc/pubhtml', 'google_sheets', 'Google Sheets'],
    ['https://docs.google.com/presentation/d/abc/embed', 'google_slides', 'Google Slides'],
    ['https://docs.google.com/forms/d/e/abc/viewform?embedded=true', 'google_forms', 'Google Forms'],
    ['https://forms.gle/abc', 'google_forms', 'Google Forms'],
    ['https://acme.typeform.com/to/abc', 'typeform', 'Typeform'],
    ['https://form.jotform.com/123', 'jotform', 'Jotform'],
    ['https://tally.so/r/abc', 'tally', 'Tally'],
    ['https://www.notion.so/page-123', 'notion', 'Notion'],
    ['https://acme.notion.site/page', 'notion', 'Notion'],
    ['https://airtable.com/embed/shr123', 'airtable', 'Airtable'],
    ['https://www.loom.com/embed/abc', 'loom', 'Loom'],
    ['https://www.youtube.com/embed/abc', 'youtube', 'YouTube'],
    ['https://youtu.be/abc', 'youtube', 'YouTube'],
    ['https://player.vimeo.com/video/1', 'vimeo', 'Vimeo'],
    ['https://meetings.hubspot.com/ada', 'hubspot_meetings', 'HubSpot Meetings'],
    ['https://forms.office.com/r/abc', 'microsoft_forms', 'Microsoft Forms'],
    ['HTTPS://CALENDLY.COM/x', 'calendly', 'Calendly'],
  ])('recognises %s', (url, key, label) => {
    expect(detectProvider(url)).toEqual({ key, label });
  });

  it.each([
    ['https://example.com/tool'],
    ['https://notcalendly.com/x'],
    ['https://calendly.com.evil.test/x'],
    ['https://docs.google.com/other/x'],
    ['not a url'],
    [''],
  ])('answers custom for %s', (url) => {
    expect(detectProvider(url)).toEqual({ key: 'custom', label: 'Custom' });
  });

  it('lists each provider once with custom last, and labels keys', () => {
    expect(new Set(EMBED_PROVIDER_KEYS).size).toBe(EMBED_PROVIDER_KEYS.length);
    expect(EMBED_PROVIDER_KEYS.at(-1)).toBe('custom');
    expect(providerLabel('google_forms')).toBe('Google Forms');
    expect(providerLabel('unknown')).toBe('unknown');
  });
});

describe('isEmbeddableUrl', () => {
  it.each([['https://calendly.com/a'], ['https://example.test/'], ['  https://x.example/path?q=1  ']])(
    'accepts %s',
    (url) => {
      expect(isEmbeddableUrl(url)).toBe(true);
    },
  );
  it.each([
    ['http://calendly.com/a'],
    ['javascript:alert(1)'],
    ['data:text/html,<b>x</b>'],
    ['//calendly.com'],
    ['calendly.com'],
    ['https://user:pw@x.example/'],
    ['ftp://x.example/'],
  ])('refuses %s', (url) => {
    expect(isEmbeddableUrl(url)).toBe(false);
  });
});

describe('embedVisibleTo (DECISIONS §3)', () => {
  const base: EmbedAudience = { embed_type: 'role', role: 'role2', user_id: null, is_active: true };
  const member = { userId: 'u1', role: 'role2' };

  it('shows active embeds aimed at the member role, at all, or at the member', () => {
    expect(embedVisibleTo(base, member)).toBe(true);
    expect(embedVisibleTo({ ...base, role: 'all' }, member)).toBe(true);
    expect(embedVisibleTo({ embed_type: 'user', role: null, user_id: 'u1', is_active: true }, member)).toBe(true);
  });

  it('hides inactive embeds, other roles and other people', () => {
    expect(embedVisibleTo({ ...base, is_active: false }, member)).toBe(false);
    expect(embedVisibleTo({ ...base, role: 'all', is_active: false }, member)).toBe(false);
    expect(embedVisibleTo({ ...base, role: 'role1' }, member)).toBe(false);
    expect(embedVisibleTo({ embed_type: 'user', role: null, user_id: 'u2', is_active: true }, member)).toBe(false);
    expect(embedVisibleTo({ embed_type: 'user', role: null, user_id: 'u1', is_active: false }, member)).toBe(false);
  });

  it('counts owners as admin, and someone without a role only sees all and personal embeds', () => {
    expect(embedVisibleTo({ ...base, role: 'admin' }, { userId: 'u1', role: 'owner' })).toBe(true);
    expect(embedVisibleTo({ ...base, role: 'owner' }, { userId: 'u1', role: 'admin' })).toBe(false);
    expect(embedVisibleTo(base, { userId: 'u1', role: null })).toBe(false);
    expect(embedVisibleTo({ ...base, role: 'all' }, { userId: 'u1', role: null })).toBe(true);
  });
});
