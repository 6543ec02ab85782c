import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section of the invoicing page: a bordered panel named by its title, a note beside it. */
export function InvoicingPanel({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-label={title}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}
