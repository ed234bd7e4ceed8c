import type { FastifyRequest } from 'fastify';
import { isTimeZone, zonedTime } from '../../../common/recurrence.ts';
import { TIME_ZONE_COOKIE } from '../../../common/sessions-basics.ts';
import { field, type FormFields } from '../../lib/actions.ts';
import { appError } from '../../lib/errors.ts';

/**
 * The zone an earlier session's day and time were typed in: the form's own choice (its `timeZone`
 * select, shown without scripts), else the zone the browser last told this site with its scripts
 * (the `stoked-tz` cookie, web/features/sessions/session-form.tsx), else UTC. A zone that is not one
 * is refused beside its field.
 */
function zoneOf(f: FormFields, request: FastifyRequest): string {
  const chosen = field(f, 'timeZone');
  if (chosen) {
    if (isTimeZone(chosen)) return chosen;
    const error = appError('VALIDATION_ERROR');
    error.fields = { timeZone: 'VALIDATION_ERROR' };
    throw error;
  }
  const remembered = request.cookies[TIME_ZONE_COOKIE] ?? '';
  return remembered.length <= 64 && isTimeZone(remembered) ? remembered : 'UTC';
}

/** The start of an earlier session from the form's day and time, read on the clock of its zone. */
function startedAt(f: FormFields, request: FastifyRequest): string {
  const date = field(f, 'date');
  const time = field(f, 'time');
  if (!date || !time) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(`${date}T${time}`);
  if (!match) return `${date}T${time}`;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return zonedTime({ year, month, day, hour, minute, second: 0 }, zoneOf(f, request)).toISOString();
}

/** A number field as sent: empty is left out; anything else goes to the input, which judges it. */
function minutes(f: FormFields): number | string | undefined {
  const value = field(f, 'durationMinutes');
  if (value === '') return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** The place page's session form (its text fields) as the input of `logSessionAction` (common/sessions-basics.ts). */
export function sessionForm(f: FormFields, request: FastifyRequest): Record<string, unknown> {
  const when = field(f, 'when');
  return {
    placeId: field(f, 'placeId'),
    when,
    ...(when === 'earlier' ? { startedAt: startedAt(f, request) } : {}),
    ...(minutes(f) === undefined ? {} : { durationMinutes: minutes(f) }),
    note: f.get('note') ?? '',
    trickIds: f.getAll('trickId'),
    companionIds: f.getAll('companionId'),
    visibility: field(f, 'visibility') || 'public',
  };
}
