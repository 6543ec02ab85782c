import { Card, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PersonAvatar } from './person-avatar';
import { displayName } from '@domain/people';

/**
 * One person as a bordered card: the avatar (not when compact), the name with its badges and a
 * dimmed line under it on the left, what concerns them (badges, actions) on the right.
 */
export function PersonCard({
  person,
  label,
  compact = false,
  nameBadges,
  detail,
  testId,
  children,
}: {
  person: { name: string | null; username: string; avatarUrl: string | null };
  /** The card's accessible name. */
  label: string;
  compact?: boolean;
  nameBadges?: ReactNode;
  detail: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      padding={compact ? 'xs' : 'sm'}
      radius="md"
      data-testid={testId}
      aria-label={label}
      component="article"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" miw={0}>
          {!compact && <PersonAvatar person={person} size="md" />}
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} truncate>
                {displayName(person)}
              </Text>
              {nameBadges}
            </Group>
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          </div>
        </Group>
        <Group gap={6}>{children}</Group>
      </Group>
    </Card>
  );
}
