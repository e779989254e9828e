import { describe, expect, it } from 'vitest';
import type { Plan } from '@portico/common';
import { formatDollars, planFeatures, planPrice } from '../src/features/billing/plans';
import { siteLinks } from '../src/lib/site/site-links';
import {
  CAROUSEL_INTERVAL_MS,
  carouselReducer,
  initialCarousel,
  isRotating,
  nextIndex,
  previousIndex,
} from '../src/features/landing/carousel';
import type { CarouselAction, CarouselState } from '../src/features/landing/carousel';
import { workspaceHome } from '../src/lib/session/post-sign-in';

const run = (state: CarouselState, ...actions: CarouselAction[]) => actions.reduce(carouselReducer, state);

describe('carousel', () => {
  it('moves every 4 500 ms (platform-console §9)', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(4500);
  });

  it('wraps forwards from the last slide and backwards from the first', () => {
    expect([0, 1, 2, 3].map((i) => nextIndex(i, 4))).toEqual([1, 2, 3, 0]);
    expect([0, 1, 2, 3].map((i) => previousIndex(i, 4))).toEqual([3, 0, 1, 2]);
    expect(run(initialCarousel(4), { type: 'previous' }).index).toBe(3);
    expect(run(initialCarousel(4), { type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' }).index).toBe(
      0,
    );
    expect(run(initialCarousel(4), { type: 'show', index: 3 }, { type: 'next' }).index).toBe(0);
  });

  it('stays on one slide when there is only one, and on none when there are none', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
    expect(nextIndex(0, 0)).toBe(0);
    expect(previousIndex(0, 0)).toBe(0);
  });

  it('shows a chosen slide, and ignores a slide that does not exist', () => {
    expect(run(initialCarousel(4), { type: 'show', index: 2 }).index).toBe(2);
    expect(run(initialCarousel(4), { type: 'show', index: 4 }).index).toBe(0);
    expect(run(initialCarousel(4), { type: 'show', index: -1 }).index).toBe(0);
  });

  it('rotates only while nothing holds it', () => {
    const start = initialCarousel(4);
    expect(isRotating(start, false)).toBe(true);
    expect(isRotating(run(start, { type: 'hover', on: true }), false)).toBe(false);
    expect(isRotating(run(start, { type: 'focus', on: true }), false)).toBe(false);
    expect(isRotating(run(start, { type: 'stop', on: true }), false)).toBe(false);
    expect(isRotating(start, true)).toBe(false);
    expect(isRotating(initialCarousel(1), false)).toBe(false);
  });

  it('resumes when the pointer leaves and focus goes, but stays stopped until Play', () => {
    const held = run(initialCarousel(4), { type: 'hover', on: true }, { type: 'focus', on: true });
    expect(isRotating(run(held, { type: 'hover', on: false }), false)).toBe(false);
    expect(isRotating(run(held, { type: 'hover', on: false }, { type: 'focus', on: false }), false)).toBe(true);

    const stopped = run(initialCarousel(4), { type: 'stop', on: true }, { type: 'hover', on: true });
    expect(isRotating(run(stopped, { type: 'hover', on: false }), false)).toBe(false);
    expect(isRotating(run(stopped, { type: 'hover', on: false }, { type: 'stop', on: false }), false)).toBe(true);
  });

  it('keeps its place while paused', () => {
    const state = run(initialCarousel(4), { type: 'next' }, { type: 'hover', on: true }, { type: 'hover', on: false });
    expect(state.index).toBe(1);
  });
});

const pro: Plan = {
  key: 'pro',
  name: 'Pro',
  price_monthly: 99,
  price_yearly: 83,
  client_cap: 500,
  team_seats: true,
  integrations: true,
  custom_domain: true,
  seat_price_monthly: 39,
  admin_seats: { included: 1, extra_price_monthly: 39, max_extra: 3 },
};

describe('prices', () => {
  it('reads dollars as prices do: no cents unless there are some, thousands grouped', () => {
    expect(formatDollars(39)).toBe('$39');
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(1992)).toBe('$1,992');
    expect(formatDollars(12.5)).toBe('$12.50');
  });

  it('prices a plan monthly, or yearly per month with the year’s total', () => {
    expect(planPrice(pro, 'monthly')).toEqual({ perMonth: '$99', billing: 'Billed monthly' });
    expect(planPrice(pro, 'yearly')).toEqual({ perMonth: '$83', billing: 'Billed yearly ($996 a year)' });
    expect(planPrice({ price_monthly: 39, price_yearly: 33 }, 'yearly').perMonth).toBe('$33');
    expect(planPrice({ price_monthly: 199, price_yearly: 166 }, 'yearly').billing).toBe(
      'Billed yearly ($1,992 a year)',
    );
  });

  it('lists what a plan has, marking what it lacks', () => {
    expect(planFeatures(pro)).toEqual([
      { text: 'Up to 500 clients', included: true },
      { text: 'Team seats at $39/month each', included: true },
      { text: '1 admin seat included', included: true },
      { text: 'API keys and webhooks', included: true },
      { text: 'Your own domains', included: true },
    ]);
    const starter: Plan = {
      ...pro,
      key: 'starter',
      client_cap: 30,
      team_seats: false,
      integrations: false,
      custom_domain: false,
      seat_price_monthly: null,
    };
    expect(planFeatures(starter).filter((f) => !f.included)).toEqual([
      { text: 'No API keys or webhooks', included: false },
      { text: 'Workspace subdomain only', included: false },
    ]);
    expect(planFeatures({ ...pro, client_cap: null, admin_seats: { ...pro.admin_seats, included: 3 } })).toEqual(
      expect.arrayContaining([
        { text: 'Unlimited clients', included: true },
        { text: '3 admin seats included', included: true },
      ]),
    );
  });
});

describe('landing links', () => {
  it('links the support address and legal pages that are set, and leaves out the empty ones', () => {
    expect(
      siteLinks({ support_email: 'help@example.test', privacy_url: 'https://example.test/privacy', terms_url: null }),
    ).toEqual([
      { href: 'mailto:help@example.test', label: 'Contact support', external: false },
      { href: 'https://example.test/privacy', label: 'Privacy policy', external: true },
    ]);
    expect(siteLinks({ support_email: null, privacy_url: null, terms_url: null })).toEqual([]);
  });

  it('sends "Go to your workspace" where signing in would', () => {
    const none = { pending: false, isSuperAdmin: false, memberships: [], membershipError: false };
    expect(workspaceHome({ ...none, isSuperAdmin: true })).toBe('/super');
    expect(workspaceHome({ ...none, memberships: [{ tenant_id: 't1', role: 'admin', status: 'active' }] })).toBe(
      '/dashboard/admin?tenant_id=t1',
    );
    expect(workspaceHome({ ...none, memberships: [{ tenant_id: 't2', role: 'role2', status: 'active' }] })).toBe(
      '/dashboard/client?tenant_id=t2',
    );
    expect(workspaceHome(none)).toBe('/onboarding');
    expect(workspaceHome({ ...none, membershipError: true })).toBe('/login');
    expect(workspaceHome({ ...none, pending: true, isSuperAdmin: true })).toBe('/login');
  });
});
