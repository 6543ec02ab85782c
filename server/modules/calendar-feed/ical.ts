/**
 * iCalendar (RFC 5545) text for the calendar feed: just what a subscribed calendar needs, one
 * VEVENT per due date. Written by hand: escaping (3.3.11), UTC date-times (3.3.5) and line
 * folding at 75 octets (3.1) are all the format asks of a feed of events.
 */

export interface FeedEvent {
  /** Stable per video, so a calendar app updates the event rather than adding another. */
  uid: string;
  start: Date;
  summary: string;
  description: string;
  url: string;
  categories: string;
  /** When the event last changed (LAST-MODIFIED), so apps know to refresh it. */
  modified: Date;
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A UTC DATE-TIME: 20261206T203000Z (RFC 5545 3.3.5, form 2). */
export const utcStamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');

/**
 * A content line folded at 75 octets (RFC 5545 3.1): each continuation starts with a space.
 * Octets, not characters: a fold never splits a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74; // a continuation's leading space is an octet
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The whole calendar: CRLF line ends, every line folded. */
export function iCalendar(opts: { name: string; now: Date; events: FeedEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Video workflow//Due dates//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    // How often a subscribed app should read again (a widely read extension, and RFC 7986's).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const e of opts.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${utcStamp(opts.now)}`,
      `LAST-MODIFIED:${utcStamp(e.modified)}`,
      `DTSTART:${utcStamp(e.start)}`,
      `DTEND:${utcStamp(e.start)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `CATEGORIES:${escapeText(e.categories)}`,
      `URL:${e.url}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
