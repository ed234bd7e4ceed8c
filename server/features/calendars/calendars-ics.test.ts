import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import { escapeText, fileSlug, foldLine, writeCalendar, type IcsEvent } from './calendars.ics.ts';

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
});
