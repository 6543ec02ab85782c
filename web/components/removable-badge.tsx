import { ActionIcon, Badge, Tooltip } from '@mantine/core';

/** A person's name as a badge with a × that removes a link (an assignment, a team lead). */
export function RemovableBadge({
  label,
  color,
  action,
  actionLabel,
  onRemove,
  disabled,
}: {
  label: string;
  color: 'violet' | 'cyan';
  /** The ×'s tooltip, e.g. 'Unassign'. */
  action: string;
  /** The ×'s accessible name, naming both sides. */
  actionLabel: string;
  onRemove: () => void;
  disabled: boolean;
}) {
  return (
    <Badge
      variant="light"
      color={color}
      c={`${color}.9`}
      size="lg"
      pr={3}
      rightSection={
        // Hidden while the removal is on its way: a disabled button hears no mouseleave, so the
        // tip would stay up, and the next chip slides in under it.
        <Tooltip label={action} disabled={disabled}>
          <ActionIcon
            size="xs"
            variant="transparent"
            color={color}
            c={`${color}.9`}
            aria-label={actionLabel}
            onClick={onRemove}
            disabled={disabled}
          >
            ×
          </ActionIcon>
        </Tooltip>
      }
    >
      {label}
    </Badge>
  );
}
