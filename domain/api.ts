import { z } from 'zod';

/**
 * What every answer that is not data carries (DESIGN.md section 6): a message for the user. A
 * route declares the ones it sends on purpose (`{ 409: messageAnswer }`); the answers every
 * route shares (400, 401, 403, 404, 413, 415, 429, 503) are added to the OpenAPI document once,
 * in server/modules/docs/openapi.ts.
 */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;
