/**
 * A place's access statuses, without zod: the places list and its cards (a visitor's pages) read them,
 * and zod comes only with the forms (web/bundle-budget.test.ts). The schemas are in ./place-access.ts.
 */
export const ACCESS_STATUSES = ['open', 'restricted', 'permit', 'closed'] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];
