import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The bordered frame of every invoicing section, named by a label or by its heading's id. */
export function PanelFrame({
  label,
  labelledBy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-label={label}
      aria-labelledby={labelledBy}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
    >
      {children}
    </Paper>
  );
}

/** A section of the invoicing page: a panel named by its title, a note beside it. */
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
    <PanelFrame label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </PanelFrame>
  );
}
