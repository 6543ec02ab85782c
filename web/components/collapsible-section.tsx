import { Badge, Box, Collapse, Group, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';

/** Delay before scrolling to a section a Quick Jump opened (docs/product.md#constants-and-limits: 100 ms). */
export const SCROLL_TO_SECTION_MS = 100;

/** Opens a section and, once it has started to expand, scrolls it into view. */
export function jumpTo(sectionId: string, open: () => void): void {
  open();
  window.setTimeout(() => {
    document.getElementById(sectionId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, SCROLL_TO_SECTION_MS);
}

/** A titled section with a count that opens and closes from its header button. */
export function CollapsibleSection({
  id,
  title,
  count,
  opened,
  onToggle,
  children,
}: {
  id: string;
  title: string;
  count: number;
  opened: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const bodyId = `${id}-body`;
  return (
    <Paper withBorder radius="md" id={id} style={{ scrollMarginTop: 16 }}>
      <Title order={3} fz="md" m={0}>
        <UnstyledButton
          onClick={onToggle}
          aria-expanded={opened}
          aria-controls={bodyId}
          w="100%"
          px="md"
          py="sm"
        >
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Text span fw={600} fz="md">
                {title}
              </Text>
              <Badge variant="light" color="gray" c="dark.6">
                {count}
              </Badge>
            </Group>
            <Text span c="dimmed" size="sm" aria-hidden="true">
              {opened ? '▲' : '▼'}
            </Text>
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse expanded={opened}>
        <Box id={bodyId} px="md" pb="md">
          {children}
        </Box>
      </Collapse>
    </Paper>
  );
}
