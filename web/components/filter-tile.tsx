import { Paper, Text } from '@mantine/core';
import { CountSkeleton } from './skeletons';

/** A summary tile's text: the label over its number (a placeholder while it is `undefined`). */
export function TileText({ label, value }: { label: string; value: number | undefined }) {
  return (
    <>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <CountSkeleton />
      ) : (
        <Text fz={28} fw={700} lh={1.2}>
          {value}
        </Text>
      )}
    </>
  );
}

/** A summary tile that switches the list to its status, pressed while that filter is on. */
export function FilterTile({
  label,
  value,
  pressed,
  onPick,
}: {
  label: string;
  /** `undefined` while the count loads. */
  value: number | undefined;
  pressed: boolean;
  onPick: () => void;
}) {
  return (
    <Paper
      withBorder
      p="md"
      component="button"
      type="button"
      style={{ textAlign: 'left', cursor: 'pointer', font: 'inherit', color: 'inherit' }}
      onClick={onPick}
      aria-pressed={pressed}
      aria-label={value === undefined ? label : `${label}: ${value}`}
      bg={pressed ? 'violet.0' : undefined}
    >
      <TileText label={label} value={value} />
    </Paper>
  );
}
