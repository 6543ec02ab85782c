import { Box } from '@mantine/core';
import { badgeLabel } from '@domain/notifications';

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
      top={-3}
      left="55%"
      miw={18}
      h={18}
      px={4}
      bg="red.8"
      c="white"
      fz={10}
      fw={700}
      lh="16px"
      ta="center"
      style={{
        borderRadius: 9,
        border: '1px solid white',
        boxSizing: 'border-box',
        pointerEvents: 'none',
        whiteSpace: 'nowrap',
      }}
    >
      {label}
    </Box>
  );
}

/** The bell button's accessible name, which carries the count the badge shows. */
export const bellLabel = (count: number) =>
  count > 0 ? `Notifications, ${badgeLabel(count)} unread` : 'Notifications';
