import { Box, Center, Loader, Stack, Text } from '@mantine/core';
import classes from './loading-state.module.css';

/**
 * A spinner with its text, announced to screen readers; `standalone` wraps it in <main>. It
 * shows only once the wait has lasted 300 ms, so quick steps (the session check, a screen's
 * code) do not flash a chain of spinners; a dashboard draws its skeleton instead
 * (skeletons.tsx).
 */
export function LoadingState({
  label,
  standalone = false,
}: {
  label: string;
  standalone?: boolean;
}) {
  const content = (
    <Center mih={standalone ? '100dvh' : 240} p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite" className={classes.delayed}>
        <Loader size="md" aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
  return standalone ? <Box component="main">{content}</Box> : content;
}
