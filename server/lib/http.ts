/**
 * The methods that may change something: a foreign Origin may not send them (server/plugins/
 * auth.ts), and each empties this instance's caches before its answer leaves (server/plugins/
 * caches.ts).
 */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
