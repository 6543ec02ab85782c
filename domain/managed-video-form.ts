import { z } from 'zod';
import { frameRateSchema, TIMECODE_MESSAGES } from './timecode';

/*
 * Apart from domain/lead-dashboard.ts so the dashboards, which need only that file's rules, do
 * not download zod (Lighthouse mobile, issue 9 part 6).
 */

const isHttpUrl = (raw: string): boolean => {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The managed-user page's Add Video form (docs/product.md#validation-and-messages 'Add video on the managed-user page'). */
export const managedAddVideoForm = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  link: z.string().trim().refine(isHttpUrl, 'Must be a valid URL'),
  type: z.string().trim().min(1, 'Type is required'),
  status: z.string().trim().min(1, 'Status is required'),
  ordinal: z
    .number({ error: 'Order is required' })
    .int('Order is required')
    .min(1, 'Order is required'),
  /** The source's frame rate; '' leaves it to the agency's (issue 43). */
  frameRate: z.union([frameRateSchema, z.literal('')], { error: TIMECODE_MESSAGES.frameRate }),
});
export type ManagedAddVideoForm = z.infer<typeof managedAddVideoForm>;
