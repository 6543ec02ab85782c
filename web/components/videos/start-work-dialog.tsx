import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { displayName } from '@domain/people';
import { mayBeAssignedEditor } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import { useEditors } from '../../api/editors';
import { CenteredModal } from '../guarded-modal';

/**
 * Start Work on an unassigned video by a manager (issue 37, obs 5): one dialog that asks whom
 * to make its editor, the manager first when they may be one (a lead editor; a king may not).
 * The editor goes with the move (PATCH .../status with `assignedEditorId`).
 */
export function StartWorkDialog({
  viewer,
  videoName,
  pending,
  onClose,
  onStart,
}: {
  viewer: PublicUser;
  videoName: string;
  pending: boolean;
  onClose: () => void;
  onStart: (editorId: string) => void;
}) {
  const editors = useEditors();
  const self = mayBeAssignedEditor(viewer) ? [{ value: viewer.id, label: 'Me' }] : [];
  const others = (editors.data ?? [])
    .filter((e) => e.id !== viewer.id && mayBeAssignedEditor(e))
    .map((e) => ({ value: e.id, label: displayName(e) }));
  const options = [...self, ...others];
  const [picked, setPicked] = useState<string | null>(self[0]?.value ?? null);
  const editorId = picked ?? options[0]?.value ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editorId) onStart(editorId);
  };
  return (
    <CenteredModal opened onClose={onClose} title="Start Work">
      <form onSubmit={submit} noValidate>
        <Text size="sm" mb="sm">
          &quot;{videoName}&quot; has no editor yet: whoever you pick becomes its editor and is
          told.
        </Text>
        <NativeSelect
          label="Editor"
          data={options}
          value={editorId ?? ''}
          disabled={!options.length}
          onChange={(e) => setPicked(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={!editorId}>
            Start Work
          </Button>
        </Group>
      </form>
    </CenteredModal>
  );
}
