import { Text, UnstyledButton } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { STATUS_FILTER_LABELS, type FilterCounts, type StatusFilter } from '@domain/video-list';
import { IconChevronDown } from './videos/video-icons';
import classes from './folding-tiles.module.css';

export interface SummaryNumber {
  label: string;
  value: ReactNode;
}

/** The folded row of status tiles: the picked status's number, then the total. */
export function statusSummary(counts: FilterCounts, active: StatusFilter): SummaryNumber[] {
  const total = { label: 'Total Videos', value: counts.all };
  return active === 'all'
    ? [total]
    : [{ label: STATUS_FILTER_LABELS[active], value: counts[active] }, total];
}

/**
 * A dashboard's summary tiles, folded on phones so the first screen shows work: one row with
 * the numbers that matter now (the picked tile's and the total) opens the tiles on tap or
 * Enter (aria-expanded), and picking a tile folds them again. From the sm breakpoint up the
 * row is hidden and the tiles show as they always did.
 */
export function FoldingTiles<T>({
  summary,
  onPick,
  children,
}: {
  summary: readonly SummaryNumber[];
  /** What picking a tile does; on a phone the tiles fold as well. */
  onPick: (value: T) => void;
  /** The tiles, handed the pick to call. */
  children: (pick: (value: T) => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <UnstyledButton
        hiddenFrom="sm"
        className={classes.summary}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid="tiles-summary"
      >
        <span className={classes.numbers}>
          {summary.map((s) => (
            <Text span key={s.label} size="sm" style={{ whiteSpace: 'nowrap' }}>
              <Text span size="xs" fw={600} c="dimmed" tt="uppercase">
                {s.label}
              </Text>{' '}
              <Text span fw={700}>
                {s.value}
              </Text>
            </Text>
          ))}
        </span>
        <Text span size="sm" fw={500} c="violet.8" style={{ whiteSpace: 'nowrap' }}>
          All tiles
        </Text>
        <IconChevronDown size={18} className={classes.chevron} />
      </UnstyledButton>
      <div id={id} className={classes.tiles} data-open={open || undefined}>
        {children((value) => {
          onPick(value);
          setOpen(false);
        })}
      </div>
    </div>
  );
}
