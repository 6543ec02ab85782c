import {
  Alert,
  Box,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { commentAuthorLabel, type CommentView } from '@domain/comments';
import { isOpenableLink, LINK_MESSAGES } from '@domain/links';
import type { FrameRate } from '@domain/timecode';
import { CARRY_LABELS, carryLists, VERSION_TEXTS, type CarryChoice } from '@domain/version-labels';
import {
  VERSION_MESSAGES,
  versionLabel,
  type AddVersionBody,
  type VersionView,
} from '@domain/versions';
import { GuardedModal } from '../../../components/guarded-modal';
import { FrameRateSelect } from '../../../components/videos/frame-rate-select';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

const CHOICES: CarryChoice[] = ['carry', 'close', 'leave'];

/**
 * "Add version" (issue 41): the new cut's link and what changed, then the previous version's open
 * notes, each carried over to the new version, closed, or left where it is (carried by default:
 * a note nobody acted on is still to do). Confirm adds it; the dialog stays open on an error.
 */
export function AddVersionDialog({
  opened,
  onClose,
  next,
  previous,
  openNotes,
  pending,
  add,
}: {
  opened: boolean;
  onClose: () => void;
  /** The number the new version gets. */
  next: number;
  /** The version notes come from (null: the source). */
  previous: number | null;
  /** The previous version's open notes. */
  openNotes: readonly CommentView[];
  pending: boolean;
  add: (body: AddVersionBody) => Promise<VersionView>;
}) {
  const [link, setLink] = useState('');
  const [note, setNote] = useState('');
  const [frameRate, setFrameRate] = useState<FrameRate | ''>('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, CarryChoice>>({});
  const choiceOf = (id: string): CarryChoice => choices[id] ?? 'carry';

  const close = () => {
    setLink('');
    setNote('');
    setFrameRate('');
    setLinkError(null);
    setChoices({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = link.trim();
    if (!isOpenableLink(trimmed)) {
      setLinkError(LINK_MESSAGES.openInvalid);
      return;
    }
    const all = Object.fromEntries(openNotes.map((c) => [c.id, choiceOf(c.id)]));
    try {
      const added = await add({
        link: trimmed,
        ...(note.trim() && { note: note.trim() }),
        ...(frameRate && { frameRate }),
        ...carryLists(all),
      });
      notifySuccess(VERSION_MESSAGES.added(added.number));
      close();
    } catch (error) {
      notifyError(VERSION_TEXTS.addFailed, getErrorMessage(error, 'Please try again.'));
    }
  };

  return (
    <GuardedModal
      opened={opened}
      onClose={close}
      title={`Add ${versionLabel(next)}`}
      pending={pending}
    >
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate aria-label="Add version">
        <Stack gap="sm">
          <TextInput
            label="Link to the new cut"
            placeholder="https://..."
            type="url"
            required
            data-autofocus
            value={link}
            error={linkError}
            onChange={(e) => {
              setLink(e.currentTarget.value);
              setLinkError(null);
            }}
            maxLength={2000}
          />
          <FrameRateSelect
            description="Its notes' times and the marker files count frames at it"
            value={frameRate}
            onChange={setFrameRate}
          />
          <Textarea
            label="What changed"
            description="Optional: what this cut does about the notes"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
          />
          <Stack gap={6} component="section" aria-label={`Open notes on ${versionLabel(previous)}`}>
            <Text size="sm" fw={600}>
              Open notes on {versionLabel(previous)}
            </Text>
            {openNotes.length === 0 ? (
              <Text size="sm" c="dimmed">
                None: every note on {versionLabel(previous)} is done.
              </Text>
            ) : (
              openNotes.map((c) => (
                <Group
                  key={c.id}
                  justify="space-between"
                  align="flex-start"
                  gap="xs"
                  wrap="wrap"
                  role="group"
                  aria-label={`Note by ${commentAuthorLabel(c)}`}
                >
                  <Box miw={0} style={{ flex: '1 1 200px' }}>
                    <Text size="xs" fw={600}>
                      {commentAuthorLabel(c)}
                    </Text>
                    <Text size="sm" lineClamp={3}>
                      {c.content}
                    </Text>
                  </Box>
                  <SegmentedControl
                    size="xs"
                    aria-label={`What to do with the note by ${commentAuthorLabel(c)}`}
                    value={choiceOf(c.id)}
                    onChange={(v) => setChoices((all) => ({ ...all, [c.id]: v }))}
                    data={CHOICES.map((value) => ({ value, label: CARRY_LABELS[value] }))}
                  />
                </Group>
              ))
            )}
          </Stack>
          {openNotes.length > 0 && (
            <Alert variant="light" color="gray" p="xs">
              <Text size="xs">
                Carried notes move to {versionLabel(next)} marked &ldquo;
                {VERSION_TEXTS.carriedFrom(previous)}&rdquo;; closed ones are marked done.
              </Text>
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Add {versionLabel(next)}
            </Button>
          </Group>
        </Stack>
      </Box>
    </GuardedModal>
  );
}
