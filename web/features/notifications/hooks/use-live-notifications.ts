import { useThrottledCallback } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationView } from '@domain/notifications';
import { connectSocket } from '../../../lib/socket';
import { whenIdle } from '../../../lib/when-idle';
import {
  checkDelayed,
  invalidateNotifications,
  setNotificationCount,
} from '../../../api/notifications';
import { invalidateVideos } from '../../../api/videos';

/** A desktop notification, only where the person has allowed them. */
function showBrowserNotification(n: NotificationView) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(n.title, { body: n.message, tag: n.id });
  } catch (error) {
    // Some browsers (Android Chrome) allow them only from a service worker.
    console.warn('Could not show a browser notification', error);
  }
}

/**
 * How long the socket and the overdue check wait for the browser to be idle at most: opening
 * both (a WebSocket, a fetch) was a sixth of the task that commits a hydrated dashboard on a slow
 * phone (ADR 0009, addendum), and neither changes what the first screen shows.
 */
const IDLE_TIMEOUT_MS = 500;

/**
 * Notices that arrive together (an overdue check's, a busy thread's) read the lists that show
 * them at most twice, at once and when the burst is over, rather than once for each notice.
 */
const BURST_MS = 400;

/**
 * While someone is signed in: the live socket (docs/product.md#statuses-and-the-workflow) and, once per sign-in, the
 * overdue check (docs/product.md#the-api: on load, failures only logged), each once the browser is
 * idle after the screen has been drawn.
 */
export function useLiveNotifications(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  // A notification means the videos it is about changed too.
  const refreshLists = useThrottledCallback(() => {
    void invalidateNotifications(queryClient);
    void invalidateVideos(queryClient);
  }, BURST_MS);

  useEffect(() => {
    if (!userId) return;
    let connection: ReturnType<typeof connectSocket> | null = null;
    const cancel = whenIdle(() => {
      connection = connectSocket({
        userId,
        onNotification: (n) => {
          refreshLists();
          showBrowserNotification(n);
        },
        onCount: (count) => setNotificationCount(queryClient, count),
        // Notices sent before it opened (the page was drawn or read earlier, or it was down)
        // were not heard: the lists that would have followed them are read again.
        onOpen: refreshLists,
      });
    }, IDLE_TIMEOUT_MS);
    return () => {
      cancel();
      connection?.close();
    };
  }, [userId, queryClient, refreshLists]);

  useEffect(() => {
    if (!userId) return;
    return whenIdle(() => {
      checkDelayed().then(
        // Notices it created arrive over the socket too; the read is for a socket that is down.
        ({ created }) => {
          if (created > 0) void invalidateNotifications(queryClient);
        },
        (error: unknown) => console.warn('The overdue check failed', error),
      );
    }, IDLE_TIMEOUT_MS);
  }, [userId, queryClient]);
}
