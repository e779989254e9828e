import { describe, expect, it } from 'vitest';
import { frameBlockedBy } from '../src/embeds/embeds';

const PORTAL = 'https://portal.example.com';
const TARGET = 'https://tool.example.net/page';

describe('frameBlockedBy', () => {
  it('allows a target without framing headers', () => {
    expect(frameBlockedBy({}, TARGET, PORTAL)).toBe(false);
  });

  it.each([
    ['DENY', true],
    ['deny', true],
    ['SAMEORIGIN', true],
    ['ALLOW-FROM https://other.example.com', true],
    ['ALLOW-FROM https://portal.example.com', false],
    ['ALLOWALL', false],
  ])('reads X-Frame-Options %s', (value, blocked) => {
    expect(frameBlockedBy({ 'x-frame-options': value }, TARGET, PORTAL)).toBe(blocked);
  });

  it('treats SAMEORIGIN as allowed for the portal itself', () => {
    expect(frameBlockedBy({ 'x-frame-options': 'SAMEORIGIN' }, 'https://portal.example.com/x', PORTAL)).toBe(false);
  });

  it.each([
    ["frame-ancestors 'none'", true],
    ['frame-ancestors', true],
    ["frame-ancestors 'self'", true],
    ['frame-ancestors https://other.example.com', true],
    ['frame-ancestors *', false],
    ['frame-ancestors https:', false],
    ['frame-ancestors https://portal.example.com', false],
    ['frame-ancestors portal.example.com', false],
    ['frame-ancestors *.example.com', false],
    ['frame-ancestors https://*.example.org', true],
    ['frame-ancestors https://portal.example.com:8443', true],
    ['frame-ancestors https://portal.example.com:*', false],
    ["default-src 'self'; frame-ancestors 'self' https://portal.example.com; img-src *", false],
    ["default-src 'self'", false],
  ])('reads CSP %s', (csp, blocked) => {
    expect(frameBlockedBy({ 'content-security-policy': csp }, TARGET, PORTAL)).toBe(blocked);
  });

  it('lets frame-ancestors win over X-Frame-Options, and needs every policy to allow', () => {
    expect(
      frameBlockedBy({ 'x-frame-options': 'DENY', 'content-security-policy': 'frame-ancestors *' }, TARGET, PORTAL),
    ).toBe(false);
    expect(
      frameBlockedBy({ 'content-security-policy': ['frame-ancestors *', "frame-ancestors 'none'"] }, TARGET, PORTAL),
    ).toBe(true);
  });

  it('matches a local portal with its port', () => {
    expect(
      frameBlockedBy(
        { 'content-security-policy': 'frame-ancestors http://localhost:8080' },
        TARGET,
        'http://localhost:8080',
      ),
    ).toBe(false);
    expect(
      frameBlockedBy(
        { 'content-security-policy': 'frame-ancestors http://localhost:9090' },
        TARGET,
        'http://localhost:8080',
      ),
    ).toBe(true);
  });
});
