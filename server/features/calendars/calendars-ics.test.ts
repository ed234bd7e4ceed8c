import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import { seriesDates, type SeriesRule } from '../../../common/recurrence.ts';
import { escapeText, FEED_DESCRIPTION_MAX, fileSlug, foldLine, vtimezone, writeCalendar, type IcsEvent, type IcsSeries } from './calendars.ics.ts';

// The writer alone: RFC 5545's folding and escaping, edge cases the API tests do not reach.

const event = (over: Partial<IcsEvent> = {}): IcsEvent => ({
  id: '3b1f0c9e-0000-4000-8000-000000000001',
  name: 'Jam',
  description: '',
  location: '',
  start: new Date('2027-03-28T00:30:00Z'),
  end: new Date('2027-03-28T02:00:00Z'),
  createdAt: new Date('2027-01-01T00:00:00Z'),
  updatedAt: new Date('2027-01-01T00:00:00Z'),
  url: 'https://stoked.example/discipline/surfing/events/x',
  status: 'CONFIRMED',
  ...over,
});

describe('the iCalendar writer', () => {
  test('folds at 75 octets, never inside a UTF-8 character, and unfolds to the same text', () => {
    for (const text of ['a'.repeat(200), 'é'.repeat(100), '滑'.repeat(80), '🏄'.repeat(60), `x${'🏄'.repeat(30)}`]) {
      const folded = foldLine(`DESCRIPTION:${text}`);
      for (const line of folded.split('\r\n')) {
        expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
        expect(line).not.toContain('\uFFFD');
      }
      expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${text}`);
    }
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  test('escapes backslash, semicolon, comma and every kind of line break; drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('bell\u0007 and tab\tand null\u0000')).toBe('bell and tab and null');
  });

  test('an empty description and location still parse; UTC times read back as instants across a DST change', () => {
    const ics = writeCalendar({ name: 'Test', host: 'stoked.example', events: [event()], now: new Date('2027-01-02T03:04:05Z') });
    expect(ics).toContain('DTSTAMP:20270102T030405Z\r\n');
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2027-03-28T02:00:00.000Z');
    expect(vevent.description).toBe('');
  });

  test('file names in plain ASCII, else "event"', () => {
    expect(fileSlug('Crème Brûlée Jam 2027!')).toBe('creme-brulee-jam-2027');
    expect(fileSlug('滑雪节')).toBe('event');
    expect(fileSlug('"; rm -rf /')).toBe('rm-rf');
  });

  test('a series: its length in hours, never days (a weekend across a change of the clocks keeps its hours)', () => {
    const rule: SeriesRule = { frequency: 'weekly', count: 3, timeZone: 'Europe/Paris', start: new Date('2027-03-19T17:00:00Z') };
    const dates = seriesDates(rule).map((start, index) => event({ id: `d${index}`, start, end: new Date(start.getTime() + 48 * 3_600_000) }));
    const series: IcsSeries = {
      seriesId: 's',
      rule,
      dates: dates.map((d, index) => ({ ...d, index })),
      template: dates[0]!,
      createdAt: new Date('2027-01-01T00:00:00Z'),
      updatedAt: new Date('2027-01-01T00:00:00Z'),
    };
    const ics = writeCalendar({ name: 'Camps', host: 'stoked.example', events: [series] });
    expect(ics).toContain('DURATION:PT48H\r\n');
    expect(ics).not.toContain('RECURRENCE-ID');
  });

  test("a series' SEQUENCE grows with the series' own edits (a date deleted), not only its dates'", () => {
    const rule: SeriesRule = { frequency: 'weekly', count: 3, timeZone: 'UTC', start: new Date('2027-03-01T09:00:00Z') };
    const [first, , third] = seriesDates(rule).map((start, index) => ({
      ...event({ id: `d${index}`, start, end: new Date(start.getTime() + 3_600_000) }),
      index,
    }));
    const series: IcsSeries = {
      seriesId: 's',
      rule,
      dates: [first!, third!],
      template: first!,
      createdAt: new Date('2027-01-01T00:00:00Z'),
      updatedAt: new Date('2027-01-01T00:05:00Z'),
    };
    const vevent = new ICAL.Component(ICAL.parse(writeCalendar({ name: 'x', host: 'stoked.example', events: [series] }))).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('sequence')).toBe(300);
    expect(vevent.getFirstPropertyValue('exdate')?.toString()).toBe('2027-03-08T09:00:00');
  });

  test("a date the clocks skip is named as the rule names it (its RECURRENCE-ID at the rule's time)", () => {
    // Sundays 02:30 in Paris: on 28 March 2027 the clocks jump from 02:00 to 03:00.
    const rule: SeriesRule = { frequency: 'weekly', count: 3, timeZone: 'Europe/Paris', start: new Date('2027-03-21T01:30:00Z') };
    const planned = seriesDates(rule);
    const dates = planned.map((start, index) => ({ ...event({ id: `d${index}`, start, end: new Date(start.getTime() + 3_600_000) }), index }));
    dates[1] = { ...dates[1]!, name: 'Jam (moved)' };
    const series: IcsSeries = {
      seriesId: 's',
      rule,
      dates,
      template: dates[0]!,
      createdAt: new Date('2027-01-01T00:00:00Z'),
      updatedAt: new Date('2027-01-01T00:00:00Z'),
    };
    const ics = writeCalendar({ name: 'x', host: 'stoked.example', events: [series] });
    expect(ics).toContain('RECURRENCE-ID;TZID=Europe/Paris:20270328T023000\r\n');
  });
});

describe('VTIMEZONE', () => {
  const observances = (lines: string[]) =>
    lines
      .filter((l) => l.startsWith('DTSTART:') || l.startsWith('TZOFFSETTO:'))
      .reduce<string[]>((all, l, i, list) => (i % 2 ? all : [...all, `${l.slice(8)} ${list[i + 1]!.slice(11)}`]), []);

  test("every change of the clocks between a weekly series' dates, to the minute, in the offset it leaves", () => {
    const dates = seriesDates({ frequency: 'weekly', count: 40, timeZone: 'Europe/Paris', start: new Date('2027-03-02T17:00:00Z') });
    expect(observances(vtimezone('Europe/Paris', dates))).toEqual(['20270301T180000 +0100', '20270328T020000 +0200', '20271031T030000 +0100']);
  });

  test('its work follows the dates, not the time between them (issue 37): a thousand years cost what a week does', () => {
    const started = performance.now();
    const lines = vtimezone('Europe/Paris', [new Date('2026-11-30T09:00:00Z'), new Date('3026-11-30T09:00:00Z')]);
    expect(performance.now() - started).toBeLessThan(50);
    // Both dates are in winter time: the changes between them are left out, none being written in the zone.
    expect(observances(lines)).toEqual(['20261129T100000 +0100']);
    // A zone whose clocks change by half an hour (Lord Howe) across a summer: each change is found.
    const howe = vtimezone('Australia/Lord_Howe', [new Date('2027-03-01T00:00:00Z'), new Date('2027-05-01T00:00:00Z'), new Date('2027-11-01T00:00:00Z')]);
    expect(observances(howe).map((o) => o.split(' ')[1])).toEqual(['+1100', '+1030', '+1100']);
  });
});

describe('a feed', () => {
  test('clips a long description (the event page has it whole); a single event keeps it', () => {
    const long = event({ description: 'Paddle out at dawn. '.repeat(200) });
    const descriptionOf = (body: string) => ICAL.Component.fromString(body).getFirstSubcomponent('vevent')!.getFirstPropertyValue('description') as string;
    const feed = descriptionOf(writeCalendar({ name: 'Feed', host: 'stoked.example', events: [long], feed: true }));
    expect(feed.length).toBeLessThanOrEqual(FEED_DESCRIPTION_MAX);
    expect(feed.endsWith('…')).toBe(true);
    expect(descriptionOf(writeCalendar({ name: 'One', host: 'stoked.example', events: [long] }))).toBe(long.description);
  });
});
