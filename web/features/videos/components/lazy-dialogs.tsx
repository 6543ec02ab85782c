import { lazyDialog } from '../../../components/lazy-dialog';

/**
 * The Add Video dialog, loaded on first use: with its form's validation (zod) it is a large
 * part of a dashboard's code, and no dashboard needs it for its first paint. The video detail
 * dialog is put together with its comments panel in web/app (routes/video-from-url.tsx).
 */
export const AddVideoDialog = lazyDialog(() =>
  import('./add-video-dialog').then((m) => m.AddVideoDialog),
);
