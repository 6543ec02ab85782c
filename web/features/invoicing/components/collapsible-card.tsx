import { Box, Collapse, Group, Text, Title, UnstyledButton } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { IconChevron } from './invoicing-icons';
import { PanelFrame } from './invoicing-panel';

interface CollapsibleCardProps {
  title: string;
  description?: string;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A card whose heading is a button that shows or hides its body (aria-expanded). */
export function CollapsibleCard({
  title,
  description,
  defaultOpen = true,
  children,
}: CollapsibleCardProps) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();
  const titleId = useId();
  return (
    <PanelFrame labelledBy={titleId}>
      <Title order={2} fz="lg" m={0}>
        <UnstyledButton
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={bodyId}
          w="100%"
        >
          <Group justify="space-between" wrap="nowrap">
            <Box>
              <Text component="span" id={titleId} fw={700} fz="lg" display="block">
                {title}
              </Text>
              {description && (
                <Text component="span" c="dimmed" size="sm" fw={400} display="block">
                  {description}
                </Text>
              )}
            </Box>
            <IconChevron
              style={{
                transform: open ? 'rotate(180deg)' : undefined,
                transition: 'transform 150ms',
              }}
            />
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse expanded={open} id={bodyId}>
        <Box pt="md">{children}</Box>
      </Collapse>
    </PanelFrame>
  );
}
