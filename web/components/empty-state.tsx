import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An empty list that says why it is empty and what to do (issue 17): a title, a line of text
 * and, when there is something to do, the button for it.
 */
export function EmptyState({
  title,
  text,
  action,
  titleOrder = 3,
}: {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  titleOrder?: 2 | 3 | 4;
}) {
  return (
    <Paper withBorder p="xl" data-testid="empty-state">
      <Center>
        <Stack gap={4} align="center">
          <Title order={titleOrder} size="h4" ta="center">
            {title}
          </Title>
          {text && (
            <Text c="dimmed" ta="center" size="sm" maw={460}>
              {text}
            </Text>
          )}
          {action && <Center mt="sm">{action}</Center>}
        </Stack>
      </Center>
    </Paper>
  );
}
