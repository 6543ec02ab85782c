import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card section (the team tab's cards): the title names the region, an action beside it. */
export function SectionCard({
  titleId,
  title,
  action,
  children,
}: {
  /** The heading's id: the section is labelled by it. */
  titleId: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id={titleId}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
