import { Button, Group, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH } from '@domain/comments';
import { WORKFLOW_MESSAGES, type StatusAction } from '@domain/workflow';
import { CenteredModal } from '../guarded-modal';

/**
 * Send Back (agency) or Request Changes (client side) from review: asks what needs to change.
 * The note becomes a comment on the video and is sent to its editor; the client side must write
 * one, the agency may leave it empty.
 */
export function SendBackDialog({
  action,
  videoName,
  intro,
  pending,
  onClose,
  onSend,
}: {
  action: StatusAction;
  videoName: string;
  /** A line above the rest: a manager requesting changes for the client is told it is recorded so. */
  intro?: string;
  pending: boolean;
  onClose: () => void;
  onSend: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (action.noteRequired && !note.trim()) {
      setError(WORKFLOW_MESSAGES.noteRequired);
      return;
    }
    onSend(note.trim());
  };
  return (
    <CenteredModal opened onClose={onClose} title={action.label}>
      <form onSubmit={submit} noValidate>
        {intro && (
          <Text size="sm" fw={500} mb="xs">
            {intro}
          </Text>
        )}
        <Text size="sm" mb="sm">
          &quot;{videoName}&quot; goes back to In Progress. The note is posted as a comment and sent
          to its editor.
        </Text>
        <Textarea
          label="What needs to change"
          placeholder="e.g. Shorten the intro and use the new logo"
          autosize
          minRows={3}
          maxLength={COMMENT_MAX_LENGTH}
          required={action.noteRequired}
          withAsterisk={action.noteRequired}
          value={note}
          error={error}
          data-autofocus
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {action.label}
          </Button>
        </Group>
      </form>
    </CenteredModal>
  );
}
