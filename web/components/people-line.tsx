import { Group, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dashboard's line of the people it works with, under its greeting: `label` ('Your
 * editors:'), then a placeholder (saying 'Loading...' to screen readers) while they load, else `children`. With `groupLabel` the line
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
        <>
          <Skeleton h={20} w={120} radius="xl" aria-hidden="true" />
          <VisuallyHidden>Loading...</VisuallyHidden>
        </>
      ) : (
        children
      )}
    </Group>
  );
}
