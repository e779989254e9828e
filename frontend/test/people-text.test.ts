import { describe, expect, it } from 'vitest';
import { filterQuery, peoplePath, peopleViewOf, withPeopleView } from '../src/features/people/api/people-query';
import { fileNameOf } from '../src/ui/download';
import { ApiError } from '../src/lib/api/http';
import {
  bulkFailure,
  bulkSuccess,
  deleteFailure,
  editSuccess,
  inviteFailure,
  passwordFailure,
  rangeText,
  updateFailure,
} from '../src/features/people/people-text';

describe('CRM users texts (tenant-portal §8)', () => {
  it('says how many users got which role', () => {
    expect(bulkSuccess(2, 'Team Member')).toBe('Successfully updated 2 user(s) to Team Member role');
  });

  it('names the server reason of a refusal, and asks to retry otherwise', () => {
    expect(
      bulkFailure(new ApiError(404, 'Some of these users are not members of this workspace. Nothing was changed.')),
    ).toBe('Error updating roles: Some of these users are not members of this workspace. Nothing was changed.');
    expect(bulkFailure(new ApiError(0, 'Network request failed'))).toBe('Failed to update roles. Please try again.');
    expect(bulkFailure('boom')).toBe('Failed to update roles. Please try again.');
    expect(
      inviteFailure(new ApiError(409, 'Your Starter plan allows up to 30 clients. Upgrade your plan to invite more.')),
    ).toBe('Your Starter plan allows up to 30 clients. Upgrade your plan to invite more.');
    expect(inviteFailure(new ApiError(0, 'Network request failed'))).toBe('Failed to send invitation');
  });

  it('builds the edit and delete messages', () => {
    expect(editSuccess('Guest')).toBe('User updated successfully! Role changed to Guest.');
    expect(editSuccess(null)).toBe('User updated successfully!');
    expect(updateFailure(new ApiError(409, 'An account with this email already exists.'))).toBe(
      'Update failed: An account with this email already exists.',
    );
    expect(passwordFailure(new ApiError(400, 'New password must be at least 8 characters.'))).toBe(
      'Password update failed: New password must be at least 8 characters.',
    );
    expect(deleteFailure(new ApiError(400, 'You cannot delete yourself.'))).toBe(
      'Error deleting user: You cannot delete yourself.',
    );
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
    expect(
      peoplePath({
        query: '  ann ',
        role: '',
        status: 'suspended',
        sort: 'email',
        order: 'asc',
        page: 2,
        pageSize: 50,
      }),
    ).toBe('/api/users?query=ann&status=suspended&sort=email&order=asc&page=2&page_size=50');
    expect(filterQuery({ query: '', role: 'role2', status: '', sort: 'created_at', order: 'desc' }).toString()).toBe(
      'role=role2&sort=created_at&order=desc',
    );
  });
});

describe('the People view in the address', () => {
  it('reads defaults for what is missing or unknown', () => {
    expect(peopleViewOf(new URLSearchParams('sort=nonsense&order=up&page=-2&page_size=7&status=gone'))).toEqual({
      query: '',
      role: '',
      status: '',
      sort: 'created_at',
      order: 'desc',
      page: 1,
      pageSize: 25,
    });
    expect(
      peopleViewOf(new URLSearchParams('query=ann&role=role2&status=suspended&sort=email&page=3&page_size=50')),
    ).toEqual({
      query: 'ann',
      role: 'role2',
      status: 'suspended',
      sort: 'email',
      order: 'asc',
      page: 3,
      pageSize: 50,
    });
  });

  it('writes only what differs from the defaults, keeps other parameters, and starts a new filter at page 1', () => {
    const start = new URLSearchParams('tenant_id=t1&page=4&sort=email');
    expect(withPeopleView(start, { role: 'role2' }).toString()).toBe('tenant_id=t1&sort=email&role=role2');
    expect(withPeopleView(start, { page: 5 }).toString()).toBe('tenant_id=t1&page=5&sort=email');
    expect(withPeopleView(start, { sort: 'created_at', order: 'desc' }).toString()).toBe('tenant_id=t1');
    expect(withPeopleView(start, { order: 'desc', query: '  cid ' }).toString()).toBe(
      'tenant_id=t1&sort=email&query=cid&order=desc',
    );
    const round = withPeopleView(new URLSearchParams(), {
      query: 'x',
      status: 'active',
      sort: 'name',
      order: 'desc',
      page: 2,
      pageSize: 100,
    });
    expect(peopleViewOf(round)).toEqual({
      query: 'x',
      role: '',
      status: 'active',
      sort: 'name',
      order: 'desc',
      page: 2,
      pageSize: 100,
    });
  });
});

describe('the name of a download', () => {
  it('reads what the content-disposition library writes', () => {
    expect(fileNameOf('attachment; filename=users-acme.csv')).toBe('users-acme.csv');
    expect(fileNameOf('attachment; filename="Q1: <draft> v2.pdf"')).toBe('Q1: <draft> v2.pdf');
    expect(fileNameOf(`attachment; filename="responses-caf?.csv"; filename*=UTF-8''responses-caf%C3%A9.csv`)).toBe(
      'responses-café.csv',
    );
    expect(fileNameOf('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
