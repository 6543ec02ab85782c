import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { pageTitle } from '../../lib/site';

/** A screen of the route table that a later issue builds; it names itself. */
export function PlaceholderScreen({ title }: { title: string }) {
  useDocumentTitle(pageTitle(title));
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      <Paper withBorder p="xl">
        <Text c="dimmed">This screen is coming soon.</Text>
      </Paper>
    </Stack>
  );
}
