import { Box } from '@mantine/core';
import { badgeLabel } from '../../../../domain/notifications';

/** The unread count over the bell: '99+' above 99, nothing at zero. Read out by the button. */
export function NotificationBadge({ count }: { count: number }) {
  const label = badgeLabel(count);
  if (!label) return null;
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-testid="notification-badge"
      pos="absolute"
      top={-4}
      right={-6}
      miw={20}
      h={20}
      px={5}
      bg="red.8"
      c="white"
      fz={11}
      fw={700}
      lh="20px"
      ta="center"
      style={{ borderRadius: 10, border: '2px solid white', boxSizing: 'content-box' }}
    >
      {label}
    </Box>
  );
}

/** The bell button's accessible name, which carries the count the badge shows. */
export const bellLabel = (count: number) =>
  count > 0 ? `Notifications, ${badgeLabel(count)} unread` : 'Notifications';
