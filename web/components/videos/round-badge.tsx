import { Badge } from '@mantine/core';
import { VERSION_TEXTS } from '@domain/version-labels';

/** "Round N" (issue 41): how many review rounds a video has begun, on its card and dialog. */
export function RoundBadge({ rounds }: { rounds: number }) {
  return (
    <Badge variant="light" color="indigo" c="indigo.9" data-testid="round-badge">
      {VERSION_TEXTS.round(rounds)}
    </Badge>
  );
}
