/** One page of an admin list, as every admin list endpoint answers (backend common/paging.ts). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const ADMIN_PAGE_SIZE = 20;
/** The largest page the API serves. */
export const MAX_PAGE_SIZE = 200;

/** `path?page=&pageSize=&...`, leaving out filters that are not set. */
export function pagedUrl(
  path: string,
  page: number,
  filters: Record<string, string | undefined> = {},
  pageSize = ADMIN_PAGE_SIZE,
): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, value);
  }
  return `${path}?${params.toString()}`;
}

export const pageCount = ({ total, pageSize }: Pick<Page<unknown>, 'total' | 'pageSize'>) =>
  Math.max(1, Math.ceil(total / pageSize));
