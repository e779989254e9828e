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

const SORTS: readonly PeopleSort[] = ['created_at', 'email', 'name', 'role', 'last_sign_in_at', 'status'];
/** Text columns start A→Z; dates start newest first. */
export const FIRST_ORDER: Record<PeopleSort, SortOrder> = {
  name: 'asc',
  email: 'asc',
  role: 'asc',
  status: 'asc',
  created_at: 'desc',
  last_sign_in_at: 'desc',
};
const DEFAULT_SORT: PeopleSort = 'created_at';

/**
 * The People page's view as its address keeps it (`?query=&role=&status=&sort=&order=&page=&page_size=`),
 * so a reload, a shared link or Back shows the same rows. Anything missing or unknown is the default.
 */
export function peopleViewOf(params: URLSearchParams): PeopleParams {
  const sort = SORTS.find((s) => s === params.get('sort')) ?? DEFAULT_SORT;
  const order = params.get('order');
  const status = params.get('status');
  const page = Number(params.get('page'));
  const pageSize = PAGE_SIZES.find((size) => String(size) === params.get('page_size')) ?? DEFAULT_PAGE_SIZE;
  return {
    query: params.get('query') ?? '',
    role: params.get('role') ?? '',
    status: status === 'active' || status === 'suspended' ? status : '',
    sort,
    order: order === 'asc' || order === 'desc' ? order : FIRST_ORDER[sort],
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize,
  };
}

/**
 * The address after a change of view: defaults are left out, other parameters of the page (such as
 * the workspace) are kept, and any change but a new page starts again at page 1.
 */
export function withPeopleView(params: URLSearchParams, changes: Partial<PeopleParams>): URLSearchParams {
  const next = new URLSearchParams(params);
  const view = { ...peopleViewOf(params), ...('page' in changes ? {} : { page: 1 }), ...changes };
  const values: Record<string, string | null> = {
    query: view.query.trim() || null,
    role: view.role || null,
    status: view.status || null,
    sort: view.sort === DEFAULT_SORT ? null : view.sort,
    order: view.order === FIRST_ORDER[view.sort] ? null : view.order,
    page: view.page === 1 ? null : String(view.page),
    page_size: view.pageSize === DEFAULT_PAGE_SIZE ? null : String(view.pageSize),
  };
  for (const [key, value] of Object.entries(values)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}
