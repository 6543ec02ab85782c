import { Button, Menu } from '@mantine/core';
import type { StatusAction } from '@domain/workflow';
import { IconChevronDown } from './video-icons';

/** A move's button text: one that asks for a note says so with an ellipsis. */
const textOf = (a: StatusAction) => (a.takesNote ? `${a.label}…` : a.label);

/**
 * A card's other workflow moves (the first one is the card's own button), each under its own
 * visible name (issue 37: Request Changes hid behind an unlabeled chevron): the one other move
 * as a button of its own, several in a "More" menu reached by mouse or keyboard (Enter or Space
 * opens it, arrows move, Enter picks, Escape closes).
 */
export function StatusActionsMenu({
  actions,
  videoName,
  disabled,
  onPick,
}: {
  actions: readonly StatusAction[];
  videoName: string;
  disabled?: boolean;
  onPick: (action: StatusAction) => void;
}) {
  const [only] = actions;
  if (actions.length === 1 && only) {
    return (
      <Button
        size="xs"
        variant="default"
        disabled={disabled}
        onClick={() => onPick(only)}
        aria-label={`${only.label}: ${videoName}`}
      >
        {textOf(only)}
      </Button>
    );
  }
  return (
    // No focus placeholder: Mantine's is a focusable 'presentation' div that axe flags inside a
    // menu (aria-required-children); the first item takes the focus instead.
    <Menu position="bottom-start" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          disabled={disabled}
          rightSection={<IconChevronDown aria-hidden />}
          aria-label={`More actions: ${videoName}`}
        >
          More
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item key={a.to} onClick={() => onPick(a)}>
            {textOf(a)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
