import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { notifyError } from '../../../lib/notify';
import { formatMoney } from '../lib/format';
import { readMoneyInput, type MoneyKind } from '../lib/money-input';
import { IconCheck, IconPencil, IconX } from './invoicing-icons';

interface MoneyEditProps {
  value: string;
  kind: MoneyKind;
  /** Names the value for screen readers, e.g. 'Default price of Vlog'. */
  label: string;
  /** Resolves true when the server took the value. */
  onSave: (value: string) => Promise<boolean>;
  /** What to show beside the amount when not editing (a source badge, say). */
  hint?: React.ReactNode;
  /** Shown instead of the amount (say, 'Not set' while there is none); editing starts at `value`. */
  shown?: React.ReactNode;
}

/** An amount with an inline editor: step 0.01, minimum 0, Enter saves, Escape cancels. */
export function MoneyEdit({ value, kind, label, onSave, hint, shown }: MoneyEditProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const cancel = () => {
    setDraft(null);
    setError(null);
  };
  const save = async () => {
    if (draft === null) return;
    const read = readMoneyInput(draft, kind);
    if (!read.ok) {
      setError(read.message);
      notifyError(read.title, read.message);
      return;
    }
    setSaving(true);
    const done = await onSave(read.value);
    setSaving(false);
    if (done) cancel();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  if (draft === null) {
    return (
      <Group gap={6} wrap="nowrap">
        {shown ?? (
          <Text fw={600} ff="monospace" size="sm">
            {formatMoney(value)}
          </Text>
        )}
        {hint}
        <Tooltip label={`Edit ${label.toLowerCase()}`}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Edit ${label.toLowerCase()}`}
            onClick={() => setDraft(value)}
          >
            <IconPencil size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        type="number"
        inputMode="decimal"
        step="0.01"
        min={0}
        size="xs"
        w={110}
        aria-label={label}
        value={draft}
        error={error}
        onChange={(e) => {
          setDraft(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        disabled={saving}
        data-autofocus
        autoFocus
      />
      <ActionIcon
        variant="filled"
        color="teal"
        size="md"
        aria-label={`Save ${label.toLowerCase()}`}
        onClick={() => void save()}
        loading={saving}
      >
        <IconCheck size={14} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="md"
        aria-label="Cancel"
        onClick={cancel}
        disabled={saving}
      >
        <IconX size={14} />
      </ActionIcon>
    </Group>
  );
}
