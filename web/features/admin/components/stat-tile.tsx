import { Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatTileProps {
  label: string;
  value: ReactNode;
  /** A second line under the value. */
  hint?: ReactNode;
  icon?: ReactNode;
  color?: string;
}

/** A labelled number: the stat cards and the summary tiles. */
export function StatTile({ label, value, hint, icon, color = 'violet' }: StatTileProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={{ base: 22, sm: 26 }} fw={700} lh={1.2} mt={4}>
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed" mt={4}>
              {hint}
            </Text>
          )}
        </div>
        {icon && (
          <ThemeIcon variant="light" color={color} size={38} radius="md" aria-hidden="true">
            {icon}
          </ThemeIcon>
        )}
      </Group>
    </Paper>
  );
}
