import { z } from 'zod';

/**
 * What every answer that is not data carries (docs/architecture.md#errors): a message for the user. A
 * route declares the ones it sends on purpose (`{ 409: messageAnswer }`); the answers every
 * route shares (400, 401, 403, 404, 413, 415, 429, 503) are added to the OpenAPI document once,
 * in server/modules/docs/openapi.ts.
 */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** GET /api/openapi.json: the document itself, described only as far as its required fields. */
export const openApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}) })
  .describe('The OpenAPI 3.1 document');

/** A download's answer (a CSV file, an EDL) as the API document shows it: text of these types. */
export const textAnswer = (description: string, types: readonly string[]) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: z.string() }])),
});

/** GET /api/docs: the readable reference, an HTML page. */
export const referencePageAnswer = textAnswer('The reference page', ['text/html']);

/**
 * The live socket (GET /ws, server/plugins/realtime.ts) as the API document describes it: under
 * the root's `x-websocket`, not in `paths`. OpenAPI has no operation for a WebSocket: listed as a
 * GET it answers only 101 or 404, which client generators and linters read as an operation with
 * no success (issue 46).
 */
export const SOCKET_REFERENCE = {
  path: '/ws',
  summary: 'WebSocket: `notification` and `count_update` messages for the signed-in user',
  description:
    'Upgrade GET /ws with the session cookie and an Origin of this site (101 Switching ' +
    'Protocols; a plain GET is a 404; an API token does not open it). The server sends JSON ' +
    '{ type, data } messages: `notification` (a new notification) and `count_update` ' +
    '({ count }, the unread count, also sent on connect); a client may send {"type":"ping"} ' +
    'and gets {"type":"pong"}.',
} as const;
