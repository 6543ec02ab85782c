import { Box, Center, Loader, Stack, Text } from '@mantine/core';

/** A spinner with its text, announced to screen readers; `standalone` wraps it in <main>. */
export function LoadingState({
  label,
  standalone = false,
}: {
  label: string;
  standalone?: boolean;
}) {
  const content = (
    <Center mih={standalone ? '100dvh' : 240} p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="md" aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
  return standalone ? <Box component="main">{content}</Box> : content;
}
