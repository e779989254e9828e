/** The pure part of the CRM users calls: filter, sort and paging parameters and their query string. */

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
export type PeopleSort = 'created_at' | 'email' | 'name' | 'role' | 'last_sign_in_at' | 'status';
export type SortOrder = 'asc' | 'desc';
export type PersonStatus = 'active' | 'suspended';

export interface PeopleFilters {
  query: string;
  role: string;
  status: '' | PersonStatus;
  sort: PeopleSort;
  order: SortOrder;
}

export interface PeopleParams extends PeopleFilters {
  page: number;
  pageSize: PageSize;
}

export function filterQuery(filters: PeopleFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query.trim()) params.set('query', filters.query.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.status) params.set('status', filters.status);
  params.set('sort', filters.sort);
  params.set('order', filters.order);
  return params;
}

export function peoplePath(params: PeopleParams): string {
  const query = filterQuery(params);
  query.set('page', String(params.page));
  query.set('page_size', String(params.pageSize));
  return `/api/users?${query.toString()}`;
}
