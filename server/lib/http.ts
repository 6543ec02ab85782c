/**
 * The methods that may change something: a foreign Origin may not send them (server/plugins/
 * auth.ts), and each empties this instance's caches before its answer leaves (server/plugins/
 * caches.ts).
 */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether an If-None-Match header names `etag` (or is `*`): the client holds that very answer,
 * so 304 may stand for it. Weak and strong tags compare alike (RFC 9110's weak comparison).
 */
export function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
