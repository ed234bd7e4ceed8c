import { offsetMinutes, seriesDates, wallClock, weekOfMonth, type SeriesRule } from '../../../common/recurrence.ts';

/**
 * An RFC 5545 (iCalendar) writer for the events of the calendars feature: one VCALENDAR of VEVENTs,
 * every time in UTC (events are stored as instants, so a calendar app shows them in its own zone),
 * lines folded at 75 octets and ended with CRLF, text escaped as section 3.3.11 asks. A recurring
 * series is one VEVENT with its RRULE on the organiser's wall clock (TZID, with the VTIMEZONE its
 * dates need), EXDATEs for the dates deleted from it, and a VEVENT with RECURRENCE-ID for each date
 * that differs from the rule.
 */

export type IcsEvent = {
  id: string;
  name: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  createdAt: Date;
  updatedAt: Date;
  /** The event's page. */
  url: string;
  /** TENTATIVE for an event not approved yet, or for a place on its waitlist. */
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  /** Only for an event at a public place. */
  geo?: { latitude: number; longitude: number } | null;
};

/** A recurring series: its rule, and its dates that are still there (`index`: the date's place in the rule). */
export type IcsSeries = {
  seriesId: string;
  rule: SeriesRule;
  dates: (IcsEvent & { index: number })[];
  /** The date whose details (and length) the series' own VEVENT shows: the next one not edited alone. */
  template: IcsEvent;
  /** The rule's own: a date deleted or moved is an edit of the series. */
  createdAt: Date;
  updatedAt: Date;
};

export type IcsCalendar = {
  /** X-WR-CALNAME, in the reader's language. */
  name: string;
  /** The host of PUBLIC_URL: UIDs stay the same whoever downloads the event, so a calendar updates it instead of adding a copy. */
  host: string;
  events: (IcsEvent | IcsSeries)[];
  /** A feed a calendar app re-reads; a single event is imported once. */
  feed?: boolean;
  now?: Date;
};

const MAX_OCTETS = 75;

/** 20261126T171500Z */
export function icsDate(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * A TEXT value: backslash, semicolon, comma and line breaks escaped; other control characters (which
 * RFC 5545 does not allow in a value) dropped, so a hostile name cannot start a property of its own.
 */
export function escapeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, ' ');
}

/** A content line folded into lines of at most 75 octets (continuations start with a space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  // Most lines are short: one count of the whole line instead of one a character.
  if (line.length <= MAX_OCTETS && Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line;
  // A long one is cut by slices, its octets counted from each code point's value: a feed folds a
  // description of 4,000 characters in every date's VEVENT.
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length;) {
    const code = line.codePointAt(i)!;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (octets + size > MAX_OCTETS) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 1; // the space that starts a continuation
    }
    octets += size;
    i += code > 0xffff ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

// Seconds of edits since it was made: it grows with every change, so a calendar takes the new version.
const sequenceOf = (event: { createdAt: Date; updatedAt: Date }) => Math.max(0, Math.floor((event.updatedAt.getTime() - event.createdAt.getTime()) / 1000));

/** A VEVENT; `times` replaces its DTSTART and DTEND (a series' rule, or a date's RECURRENCE-ID). */
function vevent(event: IcsEvent, host: string, stamp: string, series?: { uid: string; times: string[]; sequence: number }): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${series?.uid ?? `${event.id}@${host}`}`,
    `DTSTAMP:${stamp}`,
    ...(series?.times ?? [`DTSTART:${icsDate(event.start)}`, `DTEND:${icsDate(event.end)}`]),
    `CREATED:${icsDate(event.createdAt)}`,
    `LAST-MODIFIED:${icsDate(event.updatedAt)}`,
    `SEQUENCE:${series?.sequence ?? sequenceOf(event)}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.name)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
  ];
  if (event.geo) lines.push(`GEO:${event.geo.latitude};${event.geo.longitude}`);
  lines.push(`URL:${event.url}`, 'END:VEVENT');
  return lines;
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');
const DAY_MS = 86_400_000;

/** A local ("floating") DATE-TIME: what the clocks of `timeZone` read at `instant`. */
function localTime(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/** +0100, -0330 */
const utcOffset = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/** PT2H30M, PT48H: an exact length, never in days, which RFC 5545 counts on the wall clock (3.3.6). */
function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || seconds === 0 ? `${s}S` : ''}`;
}

const DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The rule as RFC 5545 writes it, counted from its first date on its zone's wall clock. */
export function rrule(rule: SeriesRule): string {
  const w = wallClock(rule.start, rule.timeZone);
  const day = DAYS[w.weekday];
  switch (rule.frequency) {
    case 'weekly':
      return `FREQ=WEEKLY;COUNT=${rule.count};BYDAY=${day}`;
    case 'biweekly':
      return `FREQ=WEEKLY;INTERVAL=2;COUNT=${rule.count};BYDAY=${day}`;
    case 'monthly-day':
      return `FREQ=MONTHLY;COUNT=${rule.count};BYMONTHDAY=${w.day}`;
    case 'monthly-weekday':
      return `FREQ=MONTHLY;COUNT=${rule.count};BYDAY=${weekOfMonth(w.day)}${day}`;
  }
}

/** At most this many clock changes are looked for between two instants in a row (a zone has two a year). */
const CHANGES_PER_GAP = 4;

/**
 * The zone's VTIMEZONE for `instants` (the times the calendar writes in the zone: a series' dates):
 * the offset it starts with a day before the first, then each change of its clocks between two
 * instants in a row whose offsets differ, found from the runtime's own zone data by halving the gap
 * to the minute. Its work follows the number of instants, never the time they span (issue 37: a
 * thousand-year event made the old walk, every 12 hours over the span, hold the server for 23 s); a
 * change undone before the next instant is left out, as no time written in the zone falls in it.
 */
export function vtimezone(timeZone: string, instants: Date[]): string[] {
  const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;
  const times = [...new Set(instants.map((d) => minute(d.getTime())))].sort((a, b) => a - b);
  const start = minute((times[0] ?? 0) - DAY_MS);
  const samples = [start, ...times, minute((times.at(-1) ?? 0) + DAY_MS)];
  const changes: { at: number; from: number; to: number }[] = [];
  let offset = offsetMinutes(new Date(start), timeZone);
  for (let i = 1; i < samples.length; i++) {
    const target = offsetMinutes(new Date(samples[i]!), timeZone);
    let lo = samples[i - 1]!;
    // Each round finds one change in (lo, sample] (`offset` is the one at lo): about 30 halvings even over centuries.
    for (let round = 0; offset !== target && round < CHANGES_PER_GAP; round++) {
      let hi = samples[i]!;
      while (hi - lo > 60_000) {
        const mid = minute((lo + hi) / 2);
        if (offsetMinutes(new Date(mid), timeZone) === offset) lo = mid;
        else hi = mid;
      }
      const next = offsetMinutes(new Date(hi), timeZone);
      changes.push({ at: hi, from: offset, to: next });
      offset = next;
      lo = hi;
    }
    offset = target;
  }
  // An observance starts at its local time before the change, in the offset it leaves (RFC 5545 3.6.5).
  const local = (at: number, minutes: number) =>
    new Date(at + minutes * 60_000)
      .toISOString()
      .replace(/\.\d{3}Z$/, '')
      .replace(/[-:]/g, '');
  const first = changes[0];
  const initial = first?.from ?? offset;
  const observance = (kind: string, at: number, fromOffset: number, toOffset: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${local(at, fromOffset)}`,
    `TZOFFSETFROM:${utcOffset(fromOffset)}`,
    `TZOFFSETTO:${utcOffset(toOffset)}`,
    `END:${kind}`,
  ];
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(first && first.to < initial ? 'DAYLIGHT' : 'STANDARD', start, initial, initial),
    ...changes.flatMap((c) => observance(c.to > c.from ? 'DAYLIGHT' : 'STANDARD', c.at, c.from, c.to)),
    'END:VTIMEZONE',
  ];
}

const sameDetails = (a: IcsEvent, b: IcsEvent) =>
  a.name === b.name &&
  a.description === b.description &&
  a.location === b.location &&
  a.status === b.status &&
  JSON.stringify(a.geo ?? null) === JSON.stringify(b.geo ?? null);

/** The series' VEVENT (its rule, the template's details, EXDATEs), then one for each date that differs from it. */
function seriesVevents(series: IcsSeries, host: string, stamp: string): string[] {
  const { rule, template } = series;
  const tz = rule.timeZone;
  const uid = `series-${series.seriesId}@${host}`;
  const ruleDates = seriesDates(rule);
  const length = template.end.getTime() - template.start.getTime();
  const sequence = Math.max(sequenceOf(series), ...series.dates.map(sequenceOf));
  const present = new Set(series.dates.map((d) => d.index));
  // A date of the rule as the rule reads it: its day at the rule's time, even when the clocks skip that hour.
  const start = wallClock(rule.start, tz);
  const ruleTime = (date: Date) => `${localTime(date, tz).slice(0, 9)}${pad(start.hour)}${pad(start.minute)}${pad(start.second)}`;
  const deleted = ruleDates.filter((_, index) => !present.has(index)).map(ruleTime);
  const times = [`DTSTART;TZID=${tz}:${localTime(rule.start, tz)}`, `DURATION:${duration(length)}`, `RRULE:${rrule(rule)}`];
  if (deleted.length > 0) times.push(`EXDATE;TZID=${tz}:${deleted.join(',')}`);
  const lines = vevent(template, host, stamp, { uid, times, sequence });
  for (const date of series.dates) {
    const planned = ruleDates[date.index];
    if (!planned) continue;
    const asPlanned = date.start.getTime() === planned.getTime() && date.end.getTime() - date.start.getTime() === length;
    if (asPlanned && sameDetails(date, template)) continue;
    const dateTimes = [`RECURRENCE-ID;TZID=${tz}:${ruleTime(planned)}`, `DTSTART:${icsDate(date.start)}`, `DTEND:${icsDate(date.end)}`];
    lines.push(...vevent(date, host, stamp, { uid, times: dateTimes, sequence }));
  }
  return lines;
}

/**
 * The characters of a description a feed gives (issue 37): 500 events of 4,000 characters made a feed
 * of 2.5 MB, written in over 100 ms; the URL of each event's page leads to the whole text. A single
 * event's file keeps it whole.
 */
export const FEED_DESCRIPTION_MAX = 1000;

const clipped = (event: IcsEvent): IcsEvent =>
  event.description.length <= FEED_DESCRIPTION_MAX ? event : { ...event, description: `${event.description.slice(0, FEED_DESCRIPTION_MAX - 1).trimEnd()}…` };

/** A feed's items with their descriptions clipped; a series' dates and template alike, so that they still compare as the same. */
function forFeed(item: IcsEvent | IcsSeries): IcsEvent | IcsSeries {
  if (!('rule' in item)) return clipped(item);
  return { ...item, template: clipped(item.template), dates: item.dates.map((date) => ({ ...clipped(date), index: date.index })) };
}

/** The whole calendar, as sent: CRLF after every line, the last one included. */
export function writeCalendar(calendar: IcsCalendar): string {
  const events = calendar.feed ? calendar.events.map(forFeed) : calendar.events;
  const stamp = icsDate(calendar.now ?? new Date());
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Stoked//Calendars//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  // How often a subscribed calendar app asks again: hourly keeps a moved event current without hammering the site.
  if (calendar.feed) lines.push('REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H');
  // Each zone's clock changes at the times its series write in it.
  const zoned = new Map<string, Date[]>();
  for (const item of events) {
    if (!('rule' in item)) {
      lines.push(...vevent(item, calendar.host, stamp));
      continue;
    }
    lines.push(...seriesVevents(item, calendar.host, stamp));
    const instants = zoned.get(item.rule.timeZone) ?? [];
    // The rule's dates (DTSTART, EXDATE, RECURRENCE-ID are written on its clock); a date's own times are in UTC.
    instants.push(item.rule.start, ...seriesDates(item.rule), ...item.dates.map((d) => d.start));
    zoned.set(item.rule.timeZone, instants);
  }
  for (const [timeZone, instants] of zoned) lines.push(...vtimezone(timeZone, instants));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** A file name for the download: the event's name in plain ASCII, else "event". */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'event';
}
