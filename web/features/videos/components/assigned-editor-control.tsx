import { displayName } from '@domain/people';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { PublicUser } from '@domain/user';
import { editorControlFor } from '@domain/video-form';
import type { VideoView } from '@domain/videos';
import { useEditors, useMyEditors } from '../../../api/editors';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetAssignedEditor } from '../../../api/videos';

/**
 * The assigned-editor control of the detail dialog, by role (docs/product.md#screens): editors get
 * 'Assign to Me' / 'Unassign Me'; the owning client chooses among their assigned editors or
 * Unassigned; managers among all editors; everyone else reads 'No editor assigned', the
 * editor's name, or 'Editor not found'.
 */
export function AssignedEditorControl({ video, viewer }: { video: VideoView; viewer: PublicUser }) {
  const mode = editorControlFor(viewer, video);
  const mutation = useSetAssignedEditor();
  const myEditors = useMyEditors({ enabled: mode === 'client-choice' });
  const allEditors = useEditors({ enabled: mode === 'manager-choice' });
  const current = video.assignedEditorId;

  const set = (assignedEditorId: string | null, kind: 'assign' | 'unassign' | 'choose') =>
    mutation.mutate(
      { id: video.id, assignedEditorId },
      {
        onSuccess: () =>
          notifySuccess(
            kind === 'assign'
              ? 'Editor assigned successfully'
              : kind === 'unassign'
                ? 'Editor unassigned successfully'
                : 'Editor assignment updated successfully',
          ),
        onError: (error) =>
          notifyError(
            kind === 'assign'
              ? 'Failed to assign editor'
              : kind === 'unassign'
                ? 'Failed to unassign editor'
                : 'Failed to update assignment',
            getErrorMessage(error, 'An error occurred'),
          ),
      },
    );

  const readOnlyText = !current
    ? 'No editor assigned'
    : video.assignedEditor
      ? displayName(video.assignedEditor)
      : 'Editor not found';

  if (mode === 'self-toggle') {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Assigned editor
        </Text>
        <Group gap="sm">
          <Text size="sm">{readOnlyText}</Text>
          {current === null && (
            <Button size="xs" onClick={() => set(viewer.id, 'assign')} loading={mutation.isPending}>
              Assign to Me
            </Button>
          )}
          {current === viewer.id && (
            <Button
              size="xs"
              variant="default"
              onClick={() => set(null, 'unassign')}
              loading={mutation.isPending}
            >
              Unassign Me
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  if (mode === 'client-choice' || mode === 'manager-choice') {
    const list = (mode === 'client-choice' ? myEditors.data : allEditors.data) ?? [];
    const options = list.map((e) => ({ value: e.id, label: displayName(e) }));
    // The current editor stays listed even when not among the choices (e.g. a lead editor).
    if (current && !options.some((o) => o.value === current)) {
      options.push({ value: current, label: readOnlyText });
    }
    return (
      <NativeSelect
        label="Assigned editor"
        value={current ?? ''}
        disabled={mutation.isPending}
        onChange={(e) => set(e.currentTarget.value || null, 'choose')}
        data={[{ value: '', label: 'Unassigned' }, ...options]}
      />
    );
  }

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Assigned editor
      </Text>
      <Text size="sm">{readOnlyText}</Text>
    </Stack>
  );
}
