import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface MessageCardProps {
  title: string;
  children?: ReactNode;
  /** Links or buttons under the text. */
  actions?: ReactNode;
  icon?: ReactNode;
  /** Danger tint for refusals. */
  color?: string;
}

/** A centred card with a heading, some text and actions: access screens, empty states. */
export function MessageCard({
  title,
  children,
  actions,
  icon,
  color = 'violet',
}: MessageCardProps) {
  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
      <Stack align="center" gap="md" ta="center">
        {icon && (
          <ThemeIcon size={52} radius="xl" variant="light" color={color} aria-hidden="true">
            {icon}
          </ThemeIcon>
        )}
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {children && (
          <Text c="dimmed" size="md">
            {children}
          </Text>
        )}
        {actions && (
          <Group justify="center" gap="sm" mt="xs">
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The same card alone on a page, inside the page's <main>. */
export function MessageScreen(props: MessageCardProps) {
  return (
    <Box component="main" bg="gray.0">
      <Center mih="100dvh" p="md">
        <MessageCard {...props} />
      </Center>
    </Box>
  );
}
