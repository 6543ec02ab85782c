import { displayName } from '@domain/people';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { getErrorMessage } from '../lib/api-client';
import { notifyError } from '../lib/notify';

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
  label: `${displayName(person)} (@${person.username})${more}`,
  ...(disabled === undefined ? {} : { disabled }),
});

export interface PairSide {
  /** Who is picked, e.g. 'client', 'team lead': the label, placeholder and empty text say it. */
  noun: string;
  /** The people are still being read ('Loading clients...'). */
  loading: boolean;
  /** When no choice matches; 'No clients found' unless told. */
  nothingFound?: string;
  /** The choices, given what is picked on the other side (a taken pair may be disabled). */
  options: (other: string | null) => PairOption[];
  /** A side that comes chosen (say, the page's own user): no selector is shown for it. */
  fixed?: string;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/**
 * A dialog that pairs two people (an editor with a client, a team lead with a client): two
 * searchable choices, Cancel and a confirm button that waits until both are picked and the
 * pair is not taken. While the call runs it cannot be closed; after it the dialog closes
 * empty, or says `failure` with the server's reason.
 */
export function PairDialog<T>({
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
  save,
  onSaved,
  failure,
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
  /** Makes the pair (the mutation's promise). */
  save: (first: string, second: string) => Promise<T>;
  onSaved: (made: T) => void;
  /** The error toast's title when the pair cannot be made. */
  failure: string;
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
  const submit = () => {
    if (!a || !b) return;
    save(a, b).then(
      (made) => {
        onSaved(made);
        done();
      },
      (error: unknown) => notifyError(failure, getErrorMessage(error, 'An error occurred')),
    );
  };

  const choice = (
    side: PairSide,
    value: string | null,
    other: string | null,
    set: (v: string | null) => void,
  ) =>
    side.fixed === undefined && (
      <Select
        label={capitalised(side.noun)}
        placeholder={side.loading ? `Loading ${side.noun}s...` : `Choose ${withArticle(side.noun)}`}
        data={side.options(other)}
        value={value}
        onChange={set}
        searchable
        nothingFoundMessage={side.nothingFound ?? `No ${side.noun}s found`}
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
          <Button onClick={submit} disabled={!a || !b || taken(a, b) || pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
