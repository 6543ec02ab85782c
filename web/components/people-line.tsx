import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dashboard's line of the people it works with, under its greeting: `label` ('Your
 * editors:'), then 'Loading...' while they load, else `children`. With `groupLabel` the line
 * is a named group.
 */
export function PeopleLine({
  label,
  loading,
  groupLabel,
  children,
}: {
  label: string;
  loading: boolean;
  groupLabel?: string;
  children: ReactNode;
}) {
  return (
    <Group gap="xs" role={groupLabel ? 'group' : undefined} aria-label={groupLabel}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {loading ? (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      ) : (
        children
      )}
    </Group>
  );
}
