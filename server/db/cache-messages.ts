/**
 * The grammar of the cache bus's messages (the NOTIFY payloads on the schema's cache channel,
 * server/db/cache-bus.ts), written here once for the app: one letter that says what changed,
 * then its id. The database writes three of them in SQL (migrations 0004 and 0016: a session
 * 's', a user 'u', a recipient's notifications 'n'); cache-messages.test.ts holds those triggers
 * to `parseCacheMessage`. The app writes 'n' too (countsAdded) and the bus its own write markers and answers to others'.
 */
export const CACHE_MESSAGES = {
  /** A session changed or ended: its id (sessions.id). */
  session: 's',
  /** A user changed or was deleted: their id. */
  user: 'u',
  /** A recipient's notifications changed: the recipient's id. */
  notices: 'n',
  /** A write's marker, a message of the bus to itself (CacheBus.localWrite). */
  marker: 'b',
  /** Another instance's answer to a marker: `a<its listener's pid> <marker>` (CacheBus). */
  ack: 'a',
} as const;

export type CacheMessageKind = keyof typeof CACHE_MESSAGES;

const KINDS = new Map<string, CacheMessageKind>(
  Object.entries(CACHE_MESSAGES).map(([kind, letter]) => [letter, kind as CacheMessageKind]),
);

/** The message that `id` of `kind` changed. */
export const cacheMessage = (kind: CacheMessageKind, id: string) => `${CACHE_MESSAGES[kind]}${id}`;

/** What a message says changed; undefined for one of no known kind (an older build's). */
export function parseCacheMessage(
  message: string,
): { kind: CacheMessageKind; id: string } | undefined {
  const kind = KINDS.get(message[0] ?? '');
  return kind && { kind, id: message.slice(1) };
}
