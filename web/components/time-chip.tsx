import { Badge, UnstyledButton } from '@mantine/core';
import classes from './rich-text.module.css';

/**
 * A note's time as SMPTE timecode at its version's rate (issue 43): a button that seeks the
 * player to it where the note's version plays, else a label.
 */
export function TimeChip({
  timecode,
  seconds,
  onSeek,
}: {
  timecode: string;
  seconds: number;
  onSeek?: (seconds: number) => void;
}) {
  return onSeek ? (
    <UnstyledButton
      component="button"
      type="button"
      className={`${classes.timecode} ${classes.seek}`}
      aria-label={`Play from ${timecode}`}
      onClick={() => onSeek(seconds)}
    >
      {timecode}
    </UnstyledButton>
  ) : (
    <Badge size="sm" variant="light" color="gray" c="dark.7" radius="sm" ff="monospace">
      {timecode}
    </Badge>
  );
}
