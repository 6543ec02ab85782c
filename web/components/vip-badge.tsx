import { Badge, type BadgeProps } from '@mantine/core';

/** The VIP mark of a client, wherever the client is named; never cut short ('V…') in a tight row. */
export function VipBadge({ size = 'sm' }: { size?: BadgeProps['size'] }) {
  return (
    <Badge color="yellow" variant="filled" c="dark.8" size={size} miw="max-content">
      VIP
    </Badge>
  );
}
