import {
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  BULK_MESSAGES,
  BULK_SHIFT_MAX_DAYS,
  describeBulkChange,
  type BulkChange,
  type BulkChangeAnswer,
} from '@domain/bulk-changes';
import { displayName } from '@domain/people';
import { PRIORITY_OPTIONS, type VideoPriority } from '@domain/video-priority';
import { STATUS_LABELS, VIDEO_STATUSES, type VideoStatus } from '@domain/video-status';
import { typeLabel } from '@domain/video-type-labels';
import { useEditors } from '../../api/editors';
import { useVideoTypes } from '../../api/pricing';
import { useBulkChange } from '../../api/videos';
import type { VideoSelection } from '../../hooks/use-video-selection';
import { getErrorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { notifyWithUndo } from '../../lib/undo-toast';
import { useOpenedOnce } from '../lazy-dialog';

const KINDS = {
  status: 'Status',
  editor: 'Editor',
  due: 'Due date',
  shift: 'Shift due date',
  type: 'Type',
  priority: 'Priority',
} as const;
type Kind = keyof typeof KINDS;
const UNASSIGNED = 'none';

export interface BulkActionBarProps {
  selection: VideoSelection;
  /** The videos the list shows, in its order: select all, and the names in the answer. */
  shown: readonly { id: string; name: string }[];
  /** Every video matching the list's filter (the server's ids); without it, the shown ones. */
  matching?: () => Promise<{ ids: string[]; total: number }>;
  /** The list has its own select-all box: the bar offers none. */
  withSelectAll?: boolean;
}

/**
 * The bar of a list's selection (issue 45; docs/product.md#bulk-changes): how many are picked,
 * select all matching, and one change for all of them (status, editor, due date set or shifted,
 * type, priority). The answer says how many changed and names those that did not, with why; its
 * toast offers one Undo for the whole change.
 */
export function BulkActionBar({
  selection,
  shown,
  matching,
  withSelectAll = true,
}: BulkActionBarProps) {
  const [kind, setKind] = useState<Kind | null>(null);
  const [value, setValue] = useState<string | null>(null);
  const [shift, setShift] = useState<number | string>(7);
  const [report, setReport] = useState<BulkChangeAnswer | null>(null);
  // Each dialog mounts the first time it opens (lazy-dialog.tsx, useOpenedOnce).
  const kindMounted = useOpenedOnce(kind !== null);
  const reportMounted = useOpenedOnce(report !== null);
  const [selecting, setSelecting] = useState(false);
  const bulk = useBulkChange();
  const editors = useEditors({ enabled: kind === 'editor' });
  const types = useVideoTypes();
  const count = selection.ids.length;
  const names = new Map(shown.map((v) => [v.id, v.name]));

  const selectAll = async () => {
    if (!matching) return selection.setAll(shown.map((v) => v.id));
    setSelecting(true);
    try {
      const { ids, total } = await matching();
      selection.setAll(ids);
      if (total > ids.length) {
        notifySuccess(`${ids.length} of ${total} selected`, BULK_MESSAGES.tooMany);
      }
    } catch (error) {
      notifyError('Could not select', getErrorMessage(error, 'Please try again.'));
    } finally {
      setSelecting(false);
    }
  };

  const change = (): BulkChange | null => {
    switch (kind) {
      case 'status':
        return value ? { status: value as VideoStatus } : null;
      case 'editor':
        return value ? { assignedEditorId: value === UNASSIGNED ? null : value } : null;
      case 'due':
        return { dueDate: value ? new Date(`${value}T12:00:00Z`).toISOString() : null };
      case 'shift':
        return typeof shift === 'number' ? { shiftDueDays: shift } : null;
      case 'type':
        return value ? { type: value } : null;
      case 'priority':
        return value ? { priority: value as VideoPriority } : null;
      default:
        return null;
    }
  };

  const undo = (answer: BulkChangeAnswer, id: string) => {
    notifications.hide(id);
    const items = answer.results.flatMap((r) => (r.ok ? [{ id: r.id, change: r.before }] : []));
    bulk.mutate(
      { items },
      {
        onSuccess: (undone) =>
          undone.failed
            ? notifyError(BULK_MESSAGES.undoFailed(undone.failed), undone.message)
            : notifySuccess(undone.message),
        onError: (error) =>
          notifyError('Could not undo', getErrorMessage(error, 'Please try again.')),
      },
    );
  };

  const apply = () => {
    const body = change();
    if (!body) return;
    const editorName = editors.data?.find((e) => e.id === value);
    const what = describeBulkChange(body, editorName && displayName(editorName));
    bulk.mutate(
      { ids: [...selection.ids], change: body },
      {
        onSuccess: (answer) => {
          setKind(null);
          setValue(null);
          selection.clear();
          if (answer.failed) setReport(answer);
          if (!answer.changed) return;
          const id = `bulk-${Date.now()}`;
          notifyWithUndo({
            id,
            title: answer.message,
            detail: what,
            undoLabel: 'Undo',
            onUndo: () => undo(answer, id),
          });
        },
        onError: (error) =>
          notifyError('Bulk change failed', getErrorMessage(error, 'Please try again.')),
      },
    );
  };

  if (shown.length === 0 && count === 0) return null;
  const options = (): { value: string; label: string }[] => {
    switch (kind) {
      case 'status':
        return VIDEO_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
      case 'editor':
        return [
          { value: UNASSIGNED, label: 'Unassigned' },
          ...(editors.data ?? []).map((e) => ({ value: e.id, label: displayName(e) })),
        ];
      case 'type':
        return (types.data ?? []).map((t) => ({ value: t.name, label: typeLabel(t.name) }));
      case 'priority':
        return PRIORITY_OPTIONS;
      default:
        return [];
    }
  };

  return (
    <>
      <Paper
        withBorder
        p="xs"
        role="region"
        aria-label="Bulk changes"
        style={{ position: count ? 'sticky' : undefined, top: 0, zIndex: 5 }}
      >
        {/* The count and its Clear together: on a phone the bar is two lines, not three, and
            covers less of the list it sticks over. */}
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Text size="sm" fw={600} aria-live="polite">
              {count ? `${count} selected` : 'Select videos to change them at once'}
            </Text>
            {count > 0 && (
              <Button size="xs" variant="subtle" onClick={selection.clear}>
                Clear
              </Button>
            )}
          </Group>
          <Group gap="xs">
            {withSelectAll && (
              <Button
                size="xs"
                variant="default"
                loading={selecting}
                onClick={() => void selectAll()}
              >
                Select all matching
              </Button>
            )}
            {count > 0 && (
              <>
                <Select
                  size="xs"
                  w={150}
                  aria-label="Change"
                  placeholder="Change…"
                  data={Object.entries(KINDS).map(([k, label]) => ({ value: k, label }))}
                  value={kind}
                  onChange={(k) => {
                    setKind(k as Kind | null);
                    setValue(null);
                  }}
                  comboboxProps={{ withinPortal: true }}
                />
              </>
            )}
          </Group>
        </Group>
      </Paper>
      {kindMounted && (
        <Modal
          opened={kind !== null}
          onClose={() => setKind(null)}
          title={kind ? `${KINDS[kind]} of ${count} ${count === 1 ? 'video' : 'videos'}` : ''}
          closeButtonProps={{ 'aria-label': 'Close' }}
          centered
        >
          <Stack>
            {kind === 'due' && (
              <TextInput
                type="date"
                label="New due date (empty: none)"
                value={value ?? ''}
                onChange={(e) => setValue(e.currentTarget.value || null)}
                data-autofocus
              />
            )}
            {kind === 'shift' && (
              <NumberInput
                label="Days (negative: earlier)"
                value={shift}
                onChange={setShift}
                min={-BULK_SHIFT_MAX_DAYS}
                max={BULK_SHIFT_MAX_DAYS}
                allowDecimal={false}
                data-autofocus
              />
            )}
            {kind && kind !== 'due' && kind !== 'shift' && (
              <Select
                label={KINDS[kind]}
                data={options()}
                value={value}
                onChange={setValue}
                searchable
                data-autofocus
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setKind(null)}>
                Cancel
              </Button>
              <Button onClick={apply} loading={bulk.isPending} disabled={!change()}>
                Apply to {count}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {reportMounted && (
        <Modal
          opened={report !== null}
          onClose={() => setReport(null)}
          title={report?.message ?? ''}
          closeButtonProps={{ 'aria-label': 'Close' }}
          centered
        >
          {report && (
            <Stack>
              <Text size="sm">
                {report.failed} {report.failed === 1 ? 'video was' : 'videos were'} not changed:
              </Text>
              <List size="sm" spacing={4} aria-label="Not changed">
                {report.results.flatMap((r) =>
                  r.ok
                    ? []
                    : [
                        <List.Item key={r.id}>
                          <Text span fw={600}>
                            {names.get(r.id) ?? 'A video'}
                          </Text>
                          : {r.message}
                        </List.Item>,
                      ],
                )}
              </List>
              <Group justify="flex-end">
                <Button onClick={() => setReport(null)}>OK</Button>
              </Group>
            </Stack>
          )}
        </Modal>
      )}
    </>
  );
}
