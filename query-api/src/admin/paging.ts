import { z } from 'zod';

/** Page-number paging of the admin lists: `page` from 1, `limit` 1-100 (SPEC §9: the user table shows 10). */
export const pageQuery = (defaultLimit: number) => ({
  page: z.coerce
    .number({ error: () => 'page must be a whole number of 1 or more' })
    .int('page must be a whole number of 1 or more')
    .min(1, 'page must be a whole number of 1 or more')
    .default(1),
  limit: z.coerce
    .number({ error: () => 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .default(defaultLimit),
});

/** SPEC §3's pagination object (with the page number, which the table shows). */
export function pagination(page: number, limit: number, total: number) {
  return { page, limit, total, totalPages: Math.ceil(total / limit), hasPrevious: page > 1, hasNext: page * limit < total };
}

/**
 * The inboxes' paging (client errors, contact requests): `page` from 1, `limit` 1-100, 20 by
 * default, with shorter messages than pageQuery's; their pagination has no page count.
 */
export const inboxPageQuery = {
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(100, 'limit must be at most 100').default(20),
};

export function inboxPagination(page: number, limit: number, total: number) {
  return { page, limit, total, hasPrevious: page > 1, hasNext: page * limit < total };
}
