import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FolderOpen } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from '../../src/ui/Alert';
import { Banner } from '../../src/ui/Banner';
import { EmptyState } from '../../src/ui/EmptyState';
import { ErrorState } from '../../src/ui/ErrorState';
import { InlineConfirm } from '../../src/ui/InlineConfirm';
import { LoadMore } from '../../src/ui/LoadMore';
import type { PagedList } from '../../src/ui/LoadMore';
import { PageSkeleton, Skeleton } from '../../src/ui/Skeleton';

describe('EmptyState', () => {
  it('says its sentence and offers the next action', () => {
    render(
      <EmptyState icon={FolderOpen} message="No files yet.">
        <button type="button">Upload a file</button>
      </EmptyState>,
    );
    expect(screen.getByText('No files yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload a file' })).toBeTruthy();
  });
});

describe('ErrorState', () => {
  it('is an alert saying what failed, with a Retry that runs', async () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Could not load files." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not load files.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('is busy while retrying', () => {
    render(<ErrorState message="Could not load files." onRetry={() => undefined} retrying />);
    expect(screen.getByRole('button', { name: 'Retry' }).getAttribute('aria-busy')).toBe('true');
  });
});

describe('Alert', () => {
  it('is an alert for an error and a status otherwise', () => {
    render(
      <>
        <Alert tone="error">Failed to save.</Alert>
        <Alert tone="success">Saved.</Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed to save.');
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });
});

describe('Banner', () => {
  it('is an alert for an error and a status otherwise, with its sentence and then its action', () => {
    render(
      <>
        <Banner tone="error" action={<a href="/billing">Go to Billing</a>}>
          The last payment failed.
        </Banner>
        <Banner tone="info">Your trial ends soon.</Banner>
      </>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The last payment failed.Go to Billing');
    expect(alert.lastElementChild).toBe(screen.getByRole('link', { name: 'Go to Billing' }));
    expect(screen.getByRole('status').textContent).toBe('Your trial ends soon.');
  });
});

describe('Skeleton', () => {
  it('is hidden from screen readers and marked for tests; the page skeleton is a Loading status', () => {
    const { container } = render(<Skeleton width={40} />);
    const bone = container.querySelector('[data-skeleton]');
    expect(bone?.getAttribute('aria-hidden')).toBe('true');
    render(<PageSkeleton />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});

describe('InlineConfirm', () => {
  it('puts focus on Cancel, cancels on Escape and confirms from its button', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<InlineConfirm question="Revoke this key?" busy={false} onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('group', { name: 'Revoke this key?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('LoadMore', () => {
  const list = (overrides: Partial<PagedList> = {}): PagedList => ({
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: vi.fn(),
    ...overrides,
  });

  it('counts what is shown and asks for the next page', async () => {
    const paged = list();
    render(<LoadMore list={paged} shown={50} total={1200} label="Load more files" failedMessage="Failed." />);
    expect(screen.getByText('Showing 50 of 1,200')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more files' }));
    expect(paged.fetchNextPage).toHaveBeenCalledOnce();
  });

  it('says when the next page failed, and is gone when there is none', () => {
    const { rerender } = render(
      <LoadMore list={list({ isFetchNextPageError: true })} shown={1} total={2} label="More" failedMessage="Failed." />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Failed.');
    rerender(<LoadMore list={list({ hasNextPage: false })} shown={2} total={2} label="More" failedMessage="Failed." />);
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });
});
