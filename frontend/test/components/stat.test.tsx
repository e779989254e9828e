import { render, screen, within } from '@testing-library/react';
import { Users } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { StatCard, StatGrid } from '../../src/ui/Stat';

describe('StatCard', () => {
  it('is a region named by its label, showing its figure and hint', () => {
    render(
      <StatGrid aria-label="Statistics">
        <StatCard label="Members" icon={Users} value="1,204" hint="12 this week" />
        <StatCard label="Files" value={0} />
      </StatGrid>,
    );
    const members = screen.getByRole('region', { name: 'Members' });
    expect(within(members).getByText('1,204')).toBeTruthy();
    expect(within(members).getByText('12 this week')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Files' })).getByText('0')).toBeTruthy();
  });
});
