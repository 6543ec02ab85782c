import {
  ActionIcon,
  Box,
  Button,
  Group,
  Text,
  TextInput,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { COMMENT_MAX_LENGTH, COMMENT_MESSAGES } from '@domain/comments';
import {
  DEFAULT_FRAME_RATE,
  frameAtTime,
  frameToTimecode,
  parseTime,
  TIMECODE_MESSAGES,
  type FrameRate,
} from '@domain/timecode';
import {
  activeMentionQuery,
  insertMention,
  MENTION_MESSAGES,
  mentionOfNobody,
  suggestMentions,
  type MentionCandidate,
} from '@domain/mentions';
import classes from './comments.module.css';
import { PersonAvatar } from '../../../components/person-avatar';
import type { PlayerHandle } from '../../../lib/player-handle';
import type { NewComment } from '../../../api/comments';

/** What the "Comment at" field says when its text is not a time. */
export const TIME_MESSAGE = TIMECODE_MESSAGES.time;

const noPlayer = () => () => {};
const noTime = () => null;

/** The frame on screen at the rate, re-rendering only when it changes. */
function usePlayerFrame(player: PlayerHandle | null, rate: FrameRate): number | null {
  return useSyncExternalStore(
    player?.subscribe ?? noPlayer,
    () => {
      const t = player?.currentTime() ?? null;
      return t === null ? null : frameAtTime(t, rate);
    },
    noTime,
  );
}

const noBoard = () => null;

/** The player's drawing board's state (issue 43), or null without a player. */
function useBoard(player: PlayerHandle | null) {
  return useSyncExternalStore(
    player?.board.subscribe ?? noPlayer,
    player ? player.board.getState : noBoard,
    player ? player.board.getState : noBoard,
  );
}

/** Draw on the paused frame (the D key over the player does the same). */
function DrawButton({ player }: { player: PlayerHandle }) {
  return (
    <Button
      type="button"
      size="xs"
      variant="light"
      aria-keyshortcuts="D"
      onClick={() => player.startDrawing()}
    >
      Draw
    </Button>
  );
}

export interface MentionPerson extends MentionCandidate {
  id: string;
  avatarUrl?: string | null;
  role?: string;
}

interface Props {
  /** Who may be mentioned (the server's mentionable people). */
  people: readonly MentionPerson[];
  /** False while `people` is still being read: no hint that someone is unknown yet. */
  knowsPeople?: boolean;
  /**
   * Posts the trimmed text with the note's time as typed or taken from the player (the API's
   * `time`, read at the version's rate) and the drawing made on the player's frame, each only
   * when there is one (issue 43); resolves true when it was accepted (the field, the time and
   * the drawing then empty).
   */
  onSubmit: (comment: NewComment) => Promise<boolean>;
  /** The rate of the version the note is on: "Comment at" shows SMPTE timecode at it (issue 43). */
  frameRate?: FrameRate;
  submitting?: boolean;
  /** The dialog's player: "Comment at" takes its time (or asks for one when it cannot tell). */
  player?: PlayerHandle | null;
  /** The field's hint; the default speaks of mentions, which a review link's guest has none of. */
  placeholder?: string;
  /** The field's label and the button's (a reply's composer: 'Reply', issue 45 part 4). */
  label?: string;
  submitLabel?: string;
  /** Present for a composer that can be put away (a reply's): a Cancel button, and Escape. */
  onCancel?: () => void;
  /** The field takes the focus when it appears (a reply's, opened by its Reply button). */
  autoFocus?: boolean;
}

/**
 * The comment field with @-mention suggestions (docs/product.md#screens): '@' at a word start plus at
 * least one character opens at most five suggestions; ArrowUp/ArrowDown cycle, Enter picks,
 * Escape closes them (and only them: the dialog around stays open).
 */
export function CommentComposer({
  people,
  knowsPeople = true,
  onSubmit,
  submitting = false,
  player = null,
  placeholder = 'Write a comment... Type @ to mention someone',
  frameRate = DEFAULT_FRAME_RATE,
  label = 'Add a comment',
  submitLabel = 'Post comment',
  onCancel,
  autoFocus = false,
}: Props) {
  const [text, setText] = useState('');
  // The moment the comment is about, as typed or taken from the player; null: none.
  const [at, setAt] = useState<string | null>(null);
  const [atError, setAtError] = useState<string | null>(null);
  const frame = usePlayerFrame(player, frameRate);
  const board = useBoard(player);
  const timeField = useRef<HTMLInputElement>(null);
  const focusTime = useRef(false);
  useLayoutEffect(() => {
    if (!focusTime.current) return;
    focusTime.current = false;
    timeField.current?.focus();
    timeField.current?.select();
  });
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // The mention query the person dismissed with Escape, so it stays closed until they type on.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  const mention = activeMentionQuery(text, caret);
  const mentionKey = mention ? `${mention.start}:${mention.query}` : null;
  const suggestions =
    mention && mentionKey !== dismissed ? suggestMentions(people, mention.query) : [];
  const open = suggestions.length > 0;
  // An @word that would tell nobody (issue 37) is said at once, not found out after posting.
  const nobody = knowsPeople ? mentionOfNobody(text, caret, people) : null;
  const highlighted = open ? Math.min(active, suggestions.length - 1) : -1;

  const update = (value: string, at: number) => {
    setText(value);
    setCaret(at);
    setActive(0);
    if (error) setError(null);
  };

  // The caret goes after the inserted name in the same commit as the new text: a key typed
  // right after the pick lands there, and nothing moves the caret back later.
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = placeCaret.current;
    if (at === null) return;
    placeCaret.current = null;
    field.current?.focus();
    field.current?.setSelectionRange(at, at);
  });

  const pick = (person: MentionPerson) => {
    if (!mention) return;
    const next = insertMention(text, mention, person.username);
    update(next.text, next.caret);
    placeCaret.current = next.caret;
  };

  const commentAt = () => {
    // A player that tells its time and has not moved yet is at its start.
    const now = player?.tellsTime ? (player.currentTime() ?? 0) : null;
    setAt(now === null ? '' : frameToTimecode(frameAtTime(now, frameRate), frameRate));
    setAtError(null);
    focusTime.current = true;
  };

  // Drawing starts (the Draw control or the D key over the player): the note is at that frame.
  const drawingNow = board?.drawing ?? false;
  const [wasDrawing, setWasDrawing] = useState(false);
  if (drawingNow !== wasDrawing) {
    setWasDrawing(drawingNow);
    if (drawingNow && at === null && player?.tellsTime) {
      setAt(frameToTimecode(frameAtTime(player.currentTime() ?? 0, frameRate), frameRate));
      setAtError(null);
    }
  }

  const submit = async () => {
    const typed = text.trim();
    if (!typed) {
      setError(COMMENT_MESSAGES.empty);
      return;
    }
    const time = at?.trim() || null;
    if (time !== null && parseTime(time, frameRate) === null) {
      setAtError(TIME_MESSAGE);
      return;
    }
    if (typed.length > COMMENT_MAX_LENGTH) {
      setError(COMMENT_MESSAGES.tooLong);
      return;
    }
    // The time goes beside the words: the server keeps it as a frame at the version's rate.
    const drawing = player?.board.draft() ?? null;
    if (
      await onSubmit({
        content: typed,
        ...(time !== null && { time }),
        ...(drawing && { drawing }),
      })
    ) {
      update('', 0);
      setAt(null);
      player?.board.clear();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((highlighted + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        pick(suggestions[highlighted]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(mentionKey);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  const syncCaret = () => setCaret(field.current?.selectionStart ?? 0);

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Box pos="relative">
        <Textarea
          ref={field}
          label={label}
          placeholder={placeholder}
          // Opened by a Reply button: the person who pressed it writes next.
          autoFocus={autoFocus}
          rows={2}
          classNames={{ input: classes.grows }}
          value={text}
          error={error}
          onChange={(e) => update(e.currentTarget.value, e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onKeyUp={(e) => {
            if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) syncCaret();
          }}
          onClick={syncCaret}
          onBlur={() => setDismissed(mentionKey)}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(highlighted) : undefined}
        />
        {open && (
          <div
            role="listbox"
            id={listId}
            aria-label="People to mention"
            className={classes.suggestions}
          >
            {suggestions.map((person, i) => (
              <UnstyledButton
                key={person.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === highlighted}
                tabIndex={-1}
                className={classes.option}
                // Keeps the focus (and caret) in the field while the mouse picks.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(person)}
                onMouseEnter={() => setActive(i)}
              >
                <Group gap="xs" wrap="nowrap">
                  <PersonAvatar person={person} size={24} />
                  <Text size="sm" fw={600} truncate>
                    {person.name ?? person.username}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    @{person.username}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </div>
        )}
        <Text size="xs" c="red.9" mt={nobody === null ? 0 : 4} aria-live="polite">
          {nobody === null ? '' : MENTION_MESSAGES.nobody(nobody)}
        </Text>
        <Text component="div" aria-live="polite" className={classes.srOnly}>
          {open ? `${suggestions.length} people to mention. Use the arrow keys and Enter.` : ''}
        </Text>
      </Box>
      {player && at !== null && (
        <Group gap={4} mt="xs" align="flex-start" wrap="nowrap">
          <TextInput
            ref={timeField}
            label="Comment at"
            description="Time in the video"
            size="xs"
            w={170}
            value={at}
            error={atError}
            placeholder={frameToTimecode(0, frameRate)}
            onChange={(e) => {
              setAt(e.currentTarget.value);
              setAtError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void submit();
              }
            }}
          />
          <ActionIcon
            variant="subtle"
            color="gray.7"
            mt={40}
            aria-label="Remove the time"
            onClick={() => {
              setAt(null);
              field.current?.focus();
            }}
          >
            ×
          </ActionIcon>
        </Group>
      )}
      {player && board && board.shapes.length > 0 && !board.drawing && (
        <Group gap={4} mt="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" data-testid="drawing-attached">
            Drawing on the frame · {board.shapes.length}{' '}
            {board.shapes.length === 1 ? 'shape' : 'shapes'}
          </Text>
          <Button
            type="button"
            size="compact-xs"
            variant="subtle"
            onClick={() => player.startDrawing()}
          >
            Edit drawing
          </Button>
          <Button
            type="button"
            size="compact-xs"
            variant="subtle"
            color="red"
            c="red.9"
            onClick={() => player.board.clear()}
          >
            Remove drawing
          </Button>
        </Group>
      )}
      <Group justify="space-between" mt="xs" gap="xs">
        {player && at === null ? (
          <Group gap="xs">
            <Button type="button" size="xs" variant="light" onClick={commentAt}>
              {player.tellsTime
                ? `Comment at ${frameToTimecode(frame ?? 0, frameRate)}`
                : 'Comment at a time'}
            </Button>
            {board && board.layers > 0 && !board.drawing && board.shapes.length === 0 && (
              <DrawButton player={player} />
            )}
          </Group>
        ) : player && board && board.layers > 0 && !board.drawing && board.shapes.length === 0 ? (
          <DrawButton player={player} />
        ) : (
          <Text size="xs" c="dimmed">
            Ctrl+Enter to post
          </Text>
        )}
        <Group gap="xs">
          {onCancel && (
            <Button type="button" size="xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" size="xs" loading={submitting} disabled={!text.trim()}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
