import { z } from 'zod';
import { line } from './content.ts';
import { personSchema } from './teams.ts';
import { withInput } from './actions.ts';
import {
  ACCESS_STATUSES,
  placeAccessStatusAction,
  placeClosureAddAction,
  placeClosureRemoveAction,
  placeStewardAddAction,
  placeStewardRemoveAction,
} from './place-access-basics.ts';

/**
 * A place's access (issue 20 item 3), shared by the API and the web app: the status its stewards set,
 * dated closures (a yearly one comes back on the same days every year), and the history of changes.
 * While a closure covers today the place is closed, whatever its status says.
 */

export { ACCESS_STATUSES, type AccessStatus } from './place-access-basics.ts';

/** The days a closure spans at most when it comes back every year (else it would overlap itself). */
export const YEARLY_CLOSURE_MAX_DAYS = 364;
/**
 * The days a one-off closure spans at most (issue 37): its years set how far the overlap check
 * walks; a place closed for longer is closed by its status.
 */
export const CLOSURE_MAX_DAYS = 731;
/** The closures a place keeps at most: each new one is checked against all, and the place page lists them all. */
export const PLACE_CLOSURES_MAX = 100;
/** The changes the place page lists. */
export const ACCESS_HISTORY_LIMIT = 20;

const DAY_MS = 86_400_000;

/** A calendar day as 'YYYY-MM-DD' that exists (no 31 April). */
const day = z
  .string({ error: 'REQUIRED' })
  .min(1, { error: 'REQUIRED' })
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && toDay(Date.parse(`${v}T00:00:00Z`)) === v, { error: 'INVALID_DATE' });

const toDay = (ms: number) => (Number.isNaN(ms) ? '' : new Date(ms).toISOString().slice(0, 10));
const msOf = (v: string) => Date.parse(`${v}T00:00:00Z`);

export const accessStatusInputSchema = z.object({ status: z.enum(ACCESS_STATUSES, { error: 'REQUIRED' }) });
export type AccessStatusInput = z.input<typeof accessStatusInputSchema>;

const closureFields = z.object({ startsOn: day, endsOn: day, reason: line(200), yearly: z.boolean().default(false) });
/** A closure's days checked against each other (its end not before its start, its span bounded). */
const checkedDays = <S extends typeof closureFields>(schema: S) =>
  schema
    .refine((v) => msOf(v.endsOn) >= msOf(v.startsOn), { path: ['endsOn'], error: 'END_BEFORE_START' })
    .refine((v) => !v.yearly || msOf(v.endsOn) - msOf(v.startsOn) <= YEARLY_CLOSURE_MAX_DAYS * DAY_MS, { path: ['endsOn'], error: 'CLOSURE_TOO_LONG' })
    .refine((v) => msOf(v.endsOn) - msOf(v.startsOn) <= CLOSURE_MAX_DAYS * DAY_MS, { path: ['endsOn'], error: 'CLOSURE_SPAN_TOO_LONG' });
export const closureInputSchema = checkedDays(closureFields);
export type ClosureInput = z.input<typeof closureInputSchema>;

export const stewardInputSchema = z.object({ userId: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(100) });

export type ClosureDays = { startsOn: string; endsOn: string; yearly: boolean };

export const closureSchema = z.object({ id: z.string(), startsOn: z.string(), endsOn: z.string(), reason: z.string(), yearly: z.boolean() });
export type Closure = z.infer<typeof closureSchema>;

/** What a place card, marker and banner show: the status in force today, the one set, the closure in force (this year's days). */
export const accessSummarySchema = z.object({
  status: z.enum(ACCESS_STATUSES),
  set: z.enum(ACCESS_STATUSES),
  closure: z.object({ reason: z.string(), startsOn: z.string(), endsOn: z.string() }).nullable(),
});
export type AccessSummary = z.infer<typeof accessSummarySchema>;

export const ACCESS_CHANGE_KINDS = ['status', 'closure-added', 'closure-removed', 'steward-added', 'steward-removed'] as const;

export const accessChangeSchema = z.object({
  id: z.string(),
  kind: z.enum(ACCESS_CHANGE_KINDS),
  at: z.string(),
  /** Who made it; null once their account is gone. */
  by: personSchema.nullable(),
  status: z.enum(ACCESS_STATUSES).nullable(),
  closure: closureSchema.omit({ id: true }).nullable(),
  steward: personSchema.nullable(),
});
export type AccessChange = z.infer<typeof accessChangeSchema>;

export const placeAccessSchema = z.object({
  summary: accessSummarySchema,
  closures: z.array(closureSchema),
  stewards: z.array(personSchema),
  /** The latest first, at most ACCESS_HISTORY_LIMIT. */
  history: z.array(accessChangeSchema),
});
export type PlaceAccess = z.infer<typeof placeAccessSchema>;

/** The days of a closure's occurrence in `year` (a one-off closure has one, in its own years). */
function occurrence(c: ClosureDays, year: number): [number, number] {
  const start = new Date(msOf(c.startsOn));
  const shift = year - start.getUTCFullYear();
  const shifted = (v: string) => {
    const d = new Date(msOf(v));
    return Date.UTC(d.getUTCFullYear() + shift, d.getUTCMonth(), d.getUTCDate());
  };
  return [shifted(c.startsOn), shifted(c.endsOn)];
}

/** Each occurrence of `c` that starts in [fromYear, toYear]; a yearly closure has none before its first year. */
function occurrences(c: ClosureDays, fromYear: number, toYear: number): [number, number][] {
  const first = new Date(msOf(c.startsOn)).getUTCFullYear();
  if (!c.yearly) return [occurrence(c, first)];
  const found: [number, number][] = [];
  for (let year = Math.max(first, fromYear); year <= toYear; year += 1) found.push(occurrence(c, year));
  return found;
}

/** Whether two closures ever close the place on a same day, counting every year a yearly one comes back. */
export function closuresOverlap(a: ClosureDays, b: ClosureDays): boolean {
  const yearOf = (v: string) => new Date(msOf(v)).getUTCFullYear();
  // Two yearly closures meet, if ever, within two years of the later start; a one-off one within its
  // own years. Only those years are walked (issue 37): a yearly closure of the year 1 against one of
  // 9999 would otherwise walk ten thousand years.
  const once = [a, b].filter((c) => !c.yearly);
  const from = once.length > 0 ? Math.max(...once.map((c) => yearOf(c.startsOn))) - 1 : Math.max(yearOf(a.startsOn), yearOf(b.startsOn)) - 1;
  const to = once.length > 0 ? Math.min(...once.map((c) => yearOf(c.endsOn))) : from + 3;
  if (to < from) return false;
  const left = occurrences(a, from, to);
  const right = occurrences(b, from, to);
  return left.some(([s1, e1]) => right.some(([s2, e2]) => s1 <= e2 && s2 <= e1));
}

/** The occurrence of `c` covering `today` ('YYYY-MM-DD'), as days, or null. */
export function occurrenceCovering(c: ClosureDays, today: string): { startsOn: string; endsOn: string } | null {
  const now = msOf(today);
  const year = new Date(now).getUTCFullYear();
  const found = occurrences(c, year - 1, year).find(([s, e]) => s <= now && now <= e);
  return found ? { startsOn: toDay(found[0]), endsOn: toDay(found[1]) } : null;
}

/**
 * The occurrences of `c` (as days) that share a day with [startsOn, endsOn]: a yearly one may close
 * an event's days of any year, across New Year too, and a long event may meet two of them.
 */
export function occurrencesDuring(c: ClosureDays, startsOn: string, endsOn: string): { startsOn: string; endsOn: string }[] {
  const from = msOf(startsOn);
  const to = msOf(endsOn);
  const found = occurrences(c, new Date(from).getUTCFullYear() - 1, new Date(to).getUTCFullYear());
  return found.filter(([s, e]) => s <= to && from <= e).map(([s, e]) => ({ startsOn: toDay(s), endsOn: toDay(e) }));
}

/** Today as the server counts closures: the UTC calendar day. */
export const todayUtc = (now = Date.now()) => toDay(now);

/** The access actions' fields (common/place-access-basics.ts); `id` is the place's. */
const placeId = z.string().max(100);
export const placeAccessStatusWithInput = withInput(placeAccessStatusAction, accessStatusInputSchema.extend({ id: placeId }));
export const placeClosureAddWithInput = withInput(placeClosureAddAction, checkedDays(closureFields.extend({ id: placeId })));
export const placeClosureRemoveWithInput = withInput(placeClosureRemoveAction, z.object({ id: placeId, closureId: z.string().max(100) }));
export const placeStewardAddWithInput = withInput(placeStewardAddAction, stewardInputSchema.extend({ id: placeId }));
export const placeStewardRemoveWithInput = withInput(placeStewardRemoveAction, z.object({ id: placeId, userId: z.string().max(100) }));
