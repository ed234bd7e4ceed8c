import { z } from 'zod';

const count = z.number().int().nonnegative();

/** The admin Overview figures: every row of each table, whatever its status (users are profiles). */
export const adminOverviewSchema = z.object({
  users: count,
  teams: count,
  articles: count,
  events: count,
  places: count,
  reviews: count,
  tricks: count,
  shops: count,
  pendingApprovals: count,
  unreadMessages: count,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export type AdminCountKey = keyof AdminOverview;
export const ADMIN_COUNT_KEYS = Object.keys(adminOverviewSchema.shape) as AdminCountKey[];
