import type { ComponentProps } from 'react';
import { lazyDialog } from '../lazy-dialog';
import type { MarkPostedDialog as MarkPosted } from './mark-posted-dialog';
import type { SendBackDialog as SendBack } from './send-back-dialog';

/**
 * The workflow dialogs of a video card, loaded on first use: Mark as Posted's form validates
 * with zod (@domain/publishing) through Mantine's form, and no dashboard needs either dialog
 * for its first paint. The card mounts them only while open (`opened` then), so it preloads
 * their code itself (usePreloadWhenIdle with `.load`).
 */
export const SendBackDialog = lazyDialog<ComponentProps<typeof SendBack> & { opened: boolean }>(
  () => import('./send-back-dialog').then((m) => m.SendBackDialog),
);
export const MarkPostedDialog = lazyDialog<ComponentProps<typeof MarkPosted> & { opened: boolean }>(
  () => import('./mark-posted-dialog').then((m) => m.MarkPostedDialog),
);
