import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

export interface PairOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A person as a choice: 'Name (@username)', then what else the dialog says of them. */
export const personOption = (
  person: { id: string; name: string | null; username: string },
  more = '',
  disabled?: boolean,
): PairOption => ({
  value: person.id,
  label: `${person.name || person.username} (@${person.username})${more}`,
  ...(disabled === undefined ? {} : { disabled }),
});

export interface PairSide {
  label: string;
  placeholder: string;
  nothingFound: string;
  /** The choices, given what is picked on the other side (a taken pair may be disabled). */
  options: (other: string | null) => PairOption[];
  /** A side that comes chosen (say, the page's own user): no selector is shown for it. */
  fixed?: string;
}

/**
 * A dialog that pairs two people (an editor with a client, a team lead with a client): two
 * searchable choices, Cancel and a confirm button that waits until both are picked and the
 * pair is not taken. While the call runs it cannot be closed; it opens empty each time.
 */
export function PairDialog({
  opened,
  onClose,
  title,
  description,
  first,
  second,
  taken = () => false,
  pending,
  submitLabel,
  pendingLabel,
  onSubmit,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  first: PairSide;
  second: PairSide;
  taken?: (first: string, second: string) => boolean;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Makes the pair; `done` empties the dialog and closes it (call it on success). */
  onSubmit: (first: string, second: string, done: () => void) => void;
}) {
  const [firstId, setFirstId] = useState<string | null>(null);
  const [secondId, setSecondId] = useState<string | null>(null);
  const a = first.fixed ?? firstId;
  const b = second.fixed ?? secondId;

  const done = () => {
    setFirstId(null);
    setSecondId(null);
    onClose();
  };
  const close = () => {
    if (!pending) done();
  };

  const choice = (
    side: PairSide,
    value: string | null,
    other: string | null,
    set: (v: string | null) => void,
  ) =>
    side.fixed === undefined && (
      <Select
        label={side.label}
        placeholder={side.placeholder}
        data={side.options(other)}
        value={value}
        onChange={set}
        searchable
        nothingFoundMessage={side.nothingFound}
        comboboxProps={{ withinPortal: true }}
      />
    );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {choice(first, firstId, b, setFirstId)}
        {choice(second, secondId, a, setSecondId)}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button
            onClick={() => a && b && onSubmit(a, b, done)}
            disabled={!a || !b || taken(a, b) || pending}
          >
            {pending ? pendingLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
