import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { NotificationView } from '@domain/notifications';
import { connectSocket } from '../../../lib/socket';
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
 * While someone is signed in: the live socket (SPEC.md section 4) and, once per sign-in, the
 * overdue check (SPEC.md section 7: on load, failures only logged).
 */
export function useLiveNotifications(userId: string | null | undefined) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const connection = connectSocket({
      userId,
      onNotification: (n) => {
        // A notification means the videos it is about changed too.
        void invalidateNotifications(queryClient);
        void invalidateVideos(queryClient);
        showBrowserNotification(n);
      },
      onCount: (count) => setNotificationCount(queryClient, count),
    });
    return () => connection.close();
  }, [userId, queryClient]);

  useEffect(() => {
    if (!userId) return;
    checkDelayed().then(
      // Notices it created arrive over the socket too; the read is for a socket that is down.
      ({ created }) => {
        if (created > 0) void invalidateNotifications(queryClient);
      },
      (error: unknown) => console.warn('The overdue check failed', error),
    );
  }, [userId, queryClient]);
}
