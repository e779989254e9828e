import { describe, expect, it } from 'vitest';
import { filterQuery, peoplePath } from '../src/api/people-query';
import { ApiError } from '../src/lib/http';
import { bulkFailure, bulkSuccess, deleteFailure, editSuccess, inviteFailure, passwordFailure, rangeText, updateFailure } from '../src/pages/people/people-text';

describe('CRM users texts (tenant-portal §8)', () => {
  it('says how many users got which role', () => {
    expect(bulkSuccess(2, 'Team Member')).toBe('Successfully updated 2 user(s) to Team Member role');
  });

  it('names the server reason of a refusal, and asks to retry otherwise', () => {
    expect(bulkFailure(new ApiError(404, 'Some of these users are not members of this workspace. Nothing was changed.'))).toBe(
      'Error updating roles: Some of these users are not members of this workspace. Nothing was changed.',
    );
    expect(bulkFailure(new ApiError(0, 'Network request failed'))).toBe('Failed to update roles. Please try again.');
    expect(bulkFailure('boom')).toBe('Failed to update roles. Please try again.');
    expect(inviteFailure(new ApiError(409, 'Your Starter plan allows up to 30 clients. Upgrade your plan to invite more.'))).toBe(
      'Your Starter plan allows up to 30 clients. Upgrade your plan to invite more.',
    );
    expect(inviteFailure(new ApiError(0, 'Network request failed'))).toBe('Failed to send invitation');
  });

  it('builds the edit and delete messages', () => {
    expect(editSuccess('Guest')).toBe('User updated successfully! Role changed to Guest.');
    expect(editSuccess(null)).toBe('User updated successfully!');
    expect(updateFailure(new ApiError(409, 'An account with this email already exists.'))).toBe('Update failed: An account with this email already exists.');
    expect(passwordFailure(new ApiError(400, 'New password must be at least 8 characters.'))).toBe('Password update failed: New password must be at least 8 characters.');
    expect(deleteFailure(new ApiError(400, 'You cannot delete yourself.'))).toBe('Error deleting user: You cannot delete yourself.');
    expect(deleteFailure(null)).toBe('Error deleting user: Unknown error');
  });

  it('counts the rows shown', () => {
    expect(rangeText(1, 25, 25, 120)).toBe('1–25 of 120 users');
    expect(rangeText(5, 25, 20, 120)).toBe('101–120 of 120 users');
    expect(rangeText(1, 25, 0, 0)).toBe('0 of 0 users');
  });
});

describe('CRM users query', () => {
  it('sends only the filters that are set, with sort, order and paging', () => {
    expect(peoplePath({ query: '  ann ', role: '', status: 'suspended', sort: 'email', order: 'asc', page: 2, pageSize: 50 })).toBe(
      '/api/users?query=ann&status=suspended&sort=email&order=asc&page=2&page_size=50',
    );
    expect(filterQuery({ query: '', role: 'role2', status: '', sort: 'created_at', order: 'desc' }).toString()).toBe('role=role2&sort=created_at&order=desc');
  });
});
