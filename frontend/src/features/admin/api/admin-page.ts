export const ADMIN_PAGE_SIZE = 20;
/** The largest page the API serves. */
export const MAX_PAGE_SIZE = 200;

/** `?page=&pageSize=` of an admin list. */
export const pageQuery = (page: number, pageSize = ADMIN_PAGE_SIZE) => ({ page, pageSize });

export const pageCount = ({ total, pageSize }: { total: number; pageSize: number }) =>
  Math.max(1, Math.ceil(total / pageSize));
