import { Button, Menu } from '@mantine/core';
import type { StatusAction } from '@domain/workflow';
import { IconChevronDown } from './video-icons';

/**
 * A card's other workflow moves (the first one is the card's own button): a menu reached by
 * mouse or keyboard (Enter or Space opens it, arrows move, Enter picks, Escape closes).
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
  return (
    // No focus placeholder: Mantine's is a focusable 'presentation' div that axe flags inside a
    // menu (aria-required-children); the first item takes the focus instead.
    <Menu position="bottom-start" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          px={8}
          disabled={disabled}
          aria-label={`More actions: ${videoName}`}
        >
          <IconChevronDown aria-hidden />
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item key={a.to} onClick={() => onPick(a)}>
            {a.takesNote ? `${a.label}…` : a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
