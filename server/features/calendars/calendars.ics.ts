/**
 * An RFC 5545 (iCalendar) writer for the events of the calendars feature: one VCALENDAR of VEVENTs,
 * every time in UTC (events are stored as instants, so a calendar app shows them in its own zone),
 * lines folded at 75 octets and ended with CRLF, text escaped as section 3.3.11 asks.
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

export type IcsCalendar = {
  /** X-WR-CALNAME, in the reader's language. */
  name: string;
  /** The host of PUBLIC_URL: UIDs stay the same whoever downloads the event, so a calendar updates it instead of adding a copy. */
  host: string;
  events: IcsEvent[];
  /** A feed a calendar app re-reads; a single event is imported once. */
  feed?: boolean;
  now?: Date;
};

const MAX_OCTETS = 75;

/** 20261126T171500Z */
export function icsDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
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
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

function vevent(event: IcsEvent, host: string, stamp: string): string[] {
  // Seconds of edits since it was made: it grows with every change, so a calendar takes the new version.
  const sequence = Math.max(0, Math.floor((event.updatedAt.getTime() - event.createdAt.getTime()) / 1000));
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.id}@${host}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${icsDate(event.start)}`,
    `DTEND:${icsDate(event.end)}`,
    `CREATED:${icsDate(event.createdAt)}`,
    `LAST-MODIFIED:${icsDate(event.updatedAt)}`,
    `SEQUENCE:${sequence}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.name)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
  ];
  if (event.geo) lines.push(`GEO:${event.geo.latitude};${event.geo.longitude}`);
  lines.push(`URL:${event.url}`, 'END:VEVENT');
  return lines;
}

/** The whole calendar, as sent: CRLF after every line, the last one included. */
export function writeCalendar(calendar: IcsCalendar): string {
  const stamp = icsDate(calendar.now ?? new Date());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Stoked//Calendars//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(calendar.name)}`];
  // How often a subscribed calendar app asks again: hourly keeps a moved event current without hammering the site.
  if (calendar.feed) lines.push('REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H');
  for (const event of calendar.events) lines.push(...vevent(event, calendar.host, stamp));
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
