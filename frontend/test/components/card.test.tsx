import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card, CardHeader } from '../../src/ui/Card';
import { SettingsSection } from '../../src/ui/SettingsSection';

describe('Card', () => {
  it('is a region named by its header title, with the description and actions in its header', () => {
    render(
      <Card aria-labelledby="team-title">
        <CardHeader id="team-title" title="Team" description="Who works here." actions={<button>Invite</button>} />
        <p>Body</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Team' });
    expect(region.tagName).toBe('SECTION');
    expect(screen.getByRole('heading', { level: 2, name: 'Team' })).toBeTruthy();
    expect(screen.getByText('Who works here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeTruthy();
  });

  it('takes the element and heading level it is asked for', () => {
    const { container } = render(
      <Card as="article">
        <CardHeader title="Billing" level={3} />
      </Card>,
    );
    expect(container.firstElementChild?.tagName).toBe('ARTICLE');
    expect(screen.getByRole('heading', { level: 3, name: 'Billing' })).toBeTruthy();
  });
});

describe('SettingsSection', () => {
  it('is a region named by its title, saying why beside its controls', () => {
    render(
      <SettingsSection title="Password" description="Change the password you sign in with.">
        <button type="button">Change password</button>
      </SettingsSection>,
    );
    const region = screen.getByRole('region', { name: 'Password' });
    expect(region.textContent).toContain('Change the password you sign in with.');
    expect(screen.getByRole('heading', { level: 2, name: 'Password' })).toBeTruthy();
  });
});
