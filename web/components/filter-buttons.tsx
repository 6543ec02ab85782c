import {
  Button,
  Group,
  SegmentedControl,
  Text,
  type ButtonProps,
  type MantineBreakpoint,
  type SegmentedControlProps,
} from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A named group of filter buttons, one of them pressed (filled, aria-pressed): the role,
 * status and assignment filters of the lists.
 */
export function FilterButtons<T extends string>({
  label,
  options,
  value,
  onChange,
  size = 'xs',
  radius,
  gap = 6,
  visibleFrom,
}: {
  /** The group's accessible name, e.g. 'Filter by role'. */
  label: string;
  options: readonly { value: T; label: ReactNode }[];
  value: T;
  onChange: (value: T) => void;
  size?: ButtonProps['size'];
  radius?: ButtonProps['radius'];
  gap?: number | 'xs';
  visibleFrom?: MantineBreakpoint;
}) {
  return (
    <Group gap={gap} wrap="wrap" role="group" aria-label={label} visibleFrom={visibleFrom}>
      {options.map((o) => (
        <Button
          key={o.value}
          size={size}
          radius={radius}
          variant={o.value === value ? 'filled' : 'default'}
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </Group>
  );
}

/** 'Quick Jump:' and a light button per place it goes to (the team tab, the assignments card). */
export function QuickJump({ jumps }: { jumps: readonly { label: string; onJump: () => void }[] }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={500}>
        Quick Jump:
      </Text>
      {jumps.map((j) => (
        <Button key={j.label} size="xs" variant="light" onClick={j.onJump}>
          {j.label}
        </Button>
      ))}
    </Group>
  );
}

/** The Detailed / Compact switch of a list. */
export function DensityToggle({
  label,
  compact,
  onChange,
  size,
}: {
  label: string;
  compact: boolean;
  onChange: (compact: boolean) => void;
  size?: SegmentedControlProps['size'];
}) {
  return (
    <SegmentedControl
      size={size}
      aria-label={label}
      value={compact ? 'compact' : 'detailed'}
      onChange={(v) => onChange(v === 'compact')}
      data={[
        { value: 'detailed', label: 'Detailed' },
        { value: 'compact', label: 'Compact' },
      ]}
    />
  );
}
