import { isOpenNote } from '@domain/comments';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MARKER_FORMATS, MARKER_MESSAGES } from '@domain/markers';
import { playTogether, type PlayerSource } from '@domain/player';
import type { FrameRate } from '@domain/timecode';
import type { PublicUser } from '@domain/user';
import { VERSION_TEXTS, versionParam } from '@domain/version-labels';
import { canAddVersion, versionLabel, type VersionList } from '@domain/versions';
import type { VideoView } from '@domain/videos';
import { ExportMarkersMenu } from '../../../components/videos/export-markers-menu';
import { PlayerHandle } from '../../../lib/player-handle';
import { markersUrl, useComments } from '../../../api/comments';
import { useAddVersion, useVersions } from '../../../api/versions';
import { AddVersionDialog } from './add-version-dialog';
import { PlayerPlaceholder, PlayerSlot, usePlayer } from './link-player';

const SyncedPair = lazy(() => import('./synced-pair').then((m) => ({ default: m.SyncedPair })));

/** A version as the dialog shows it: its number (null: the source), link and open notes. */
interface Cut {
  number: number | null;
  link: string;
  openNotes: number | null;
  /** What its clock counts frames at (issue 43). */
  frameRate: FrameRate;
}

/** Newest first, the source last; before the list is read, the source from the video alone. */
function cutsOf(video: VideoView, answer: VersionList | undefined): Cut[] {
  if (!answer) {
    return [{ number: null, link: video.link, openNotes: null, frameRate: video.frameRate }];
  }
  return [
    ...answer.versions.map((v) => ({
      number: v.number,
      link: v.link,
      openNotes: v.openNotes,
      frameRate: v.frameRate,
    })),
    {
      number: null,
      link: answer.source.link,
      openNotes: answer.source.openNotes,
      frameRate: answer.source.frameRate,
    },
  ];
}

const keyOf = (n: number | null) => versionParam(n);
const numberOf = (key: string) => (key === 'source' ? null : Number(key));

/**
 * The cuts of a video in its dialog (issue 41): a picker (v3 · v2 · v1 · Source), the shown
 * version's player, its open notes and its markers export, "Add version" for the agency side
 * and managers, and Compare, two versions side by side (on a phone a toggle between them).
 * `comments` draws the comments panel of the shown version with the player its timecodes seek
 * (in Compare: both). `between` goes between the players and the comments (a phone's next step).
 */
export function VideoVersions({
  video,
  viewer,
  phone,
  startAt,
  comments,
  between,
}: {
  video: VideoView;
  viewer: PublicUser;
  phone: boolean;
  startAt: number | null;
  comments: (player: PlayerHandle | null, version: number | null) => ReactNode;
  between?: ReactNode;
}) {
  const versions = useVersions(video.id);
  const cuts = cutsOf(video, versions.data);
  const current = video.currentVersion > 0 ? video.currentVersion : null;
  const [picked, setPicked] = useState<number | null | undefined>(undefined);
  // The current version unless one was picked (a new cut shows once it is added).
  const shownNumber =
    picked !== undefined && cuts.some((c) => c.number === picked) ? picked : current;
  const shown = cuts.find((c) => c.number === shownNumber) ?? null;
  const [compareWith, setCompareWith] = useState<number | null | undefined>(undefined);
  const other =
    compareWith !== undefined &&
    compareWith !== shownNumber &&
    cuts.some((c) => c.number === compareWith)
      ? cuts.find((c) => c.number === compareWith)!
      : null;

  const player = usePlayer(shown?.link ?? null);
  const pair = useComparedPair(other ? (shown?.link ?? null) : null, other?.link ?? null);
  // `?t=` is the moment of the version the dialog opens on: its first player only.
  const started = useRef(false);
  useEffect(() => {
    if (!player || startAt === null || started.current) return;
    started.current = true;
    player.handle.seek(startAt);
  }, [player, startAt]);
  // A notified comment (`?comment=`) opens the version it is on, once.
  const [params] = useSearchParams();
  const focusedId = params.get('comment');
  const thread = useComments(video.id, { enabled: Boolean(focusedId) || shown !== null });
  // Markers need a note at a time on the version shown (else the export answers a 422).
  const timed = thread.data?.some((c) => c.version === shownNumber && c.frame !== null);
  const focusedVersion = thread.data?.find((c) => c.id === focusedId)?.version;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (focusedId && focusedVersion !== undefined && openedFor !== focusedId) {
    setOpenedFor(focusedId);
    setPicked(focusedVersion);
  }

  const [adding, setAdding] = useState(false);
  const canAdd = canAddVersion(viewer);
  const several = cuts.length > 1;

  // The shown version is still being read (a video with cuts, before its list came).
  const waiting = current !== null && !shown;
  const label = (c: Cut) => versionLabel(c.number);

  return (
    <Stack gap="sm">
      {(several || canAdd) && (
        <Group gap="xs" justify="space-between" wrap="wrap">
          {several ? (
            cuts.length <= 4 ? (
              <SegmentedControl
                size="xs"
                aria-label="Version"
                value={keyOf(shownNumber)}
                onChange={(v) => setPicked(numberOf(v))}
                data={cuts.map((c) => ({ value: keyOf(c.number), label: label(c) }))}
              />
            ) : (
              <NativeSelect
                size="xs"
                aria-label="Version"
                value={keyOf(shownNumber)}
                onChange={(e) => setPicked(numberOf(e.currentTarget.value))}
                data={cuts.map((c) => ({ value: keyOf(c.number), label: label(c) }))}
              />
            )
          ) : (
            <Text size="sm" fw={600}>
              Source
            </Text>
          )}
          <Group gap="xs">
            {several && (
              <Button
                size="xs"
                variant={other ? 'filled' : 'default'}
                aria-pressed={Boolean(other)}
                onClick={() =>
                  setCompareWith(
                    other
                      ? undefined
                      : (cuts.find((c) => c.number !== shownNumber)?.number ?? undefined),
                  )
                }
              >
                Compare
              </Button>
            )}
            {canAdd && (
              <Button size="xs" variant="light" onClick={() => setAdding(true)}>
                Add version
              </Button>
            )}
          </Group>
        </Group>
      )}
      {/* While the list is read the row holds its place, so the player under it stays put. */}
      {((shown && shown.openNotes !== null) || versions.isPending) && (
        <Group gap="xs" justify="space-between">
          <Text size="sm" c="dimmed" data-testid="open-notes">
            {versionLabel(shownNumber)}:{' '}
            {shown?.openNotes == null
              ? VERSION_TEXTS.countingNotes
              : VERSION_TEXTS.openNotes(shown.openNotes)}
          </Text>
          <ExportMarkersMenu
            size="xs"
            label={`Export markers (${versionLabel(shownNumber)})`}
            formats={MARKER_FORMATS}
            disabled={timed === false || shown?.openNotes == null}
            title={timed === false ? MARKER_MESSAGES.none : undefined}
            hrefOf={(format) =>
              markersUrl(video.id, { format, version: versionParam(shownNumber) })
            }
          />
        </Group>
      )}
      {versions.isError && (
        <Alert color="red" variant="light" p="xs">
          Could not load the versions of this video.
        </Alert>
      )}
      {other && shown && pair ? (
        <ComparedPair
          pair={pair}
          phone={phone}
          labels={[label(shown), label(other)]}
          rates={[shown.frameRate, other.frameRate]}
          onOther={(n) => setCompareWith(n)}
          others={cuts.filter((c) => c.number !== shownNumber)}
          otherNumber={other.number}
        />
      ) : other && shown ? (
        <>
          {player && <PlayerSlot player={player} />}
          <Alert color="gray" variant="light" p="xs">
            {versionLabel(player ? other.number : shown.number)} does not play in the dialog: open
            its link to compare.
          </Alert>
        </>
      ) : waiting ? (
        <PlayerPlaceholder />
      ) : (
        player && <PlayerSlot player={player} />
      )}
      {between}
      {comments(other && pair ? pair.handle : (player?.handle ?? null), shownNumber)}
      {canAdd && (
        <AddVersionSlot
          video={video}
          opened={adding}
          onClose={() => setAdding(false)}
          current={current}
        />
      )}
    </Stack>
  );
}

/** The dialog to add a version, with the current version's open notes read when it opens. */
function AddVersionSlot({
  video,
  opened,
  onClose,
  current,
}: {
  video: VideoView;
  opened: boolean;
  onClose: () => void;
  current: number | null;
}) {
  const comments = useComments(video.id, { enabled: opened });
  const add = useAddVersion(video.id);
  const openNotes = useMemo(
    // Threads are carried or closed whole, by their first comment (issue 45 part 4).
    () => (comments.data ?? []).filter((c) => c.version === current && isOpenNote(c)),
    [comments.data, current],
  );
  return (
    <AddVersionDialog
      opened={opened}
      onClose={onClose}
      next={video.currentVersion + 1}
      previous={current}
      openNotes={openNotes}
      pending={add.isPending}
      add={(body) => add.mutateAsync(body)}
    />
  );
}

interface Pair {
  left: { source: PlayerSource; handle: PlayerHandle };
  right: { source: PlayerSource; handle: PlayerHandle };
  /** One control for both: two direct files. */
  together: boolean;
  /** What the comments see: the left's time; a seek moves both. */
  handle: PlayerHandle;
}

/** The players of two compared links and the one handle the comments use for both. */
function useComparedPair(leftLink: string | null, rightLink: string | null): Pair | null {
  const left = usePlayer(leftLink);
  const right = usePlayer(rightLink);
  const pair = useMemo(() => {
    if (!left || !right) return null;
    const together = playTogether(left.source, right.source);
    return {
      left,
      right,
      together,
      handle: new PlayerHandle(together || left.handle.tellsTime || right.handle.tellsTime),
    };
  }, [left, right]);
  // Apart, a seek of the pair's handle seeks each player, and the left's time is the pair's.
  useEffect(() => {
    if (!pair || pair.together) return;
    const { left: l, right: r, handle } = pair;
    const detach = handle.attach({
      seek: (s) => {
        l.handle.seek(s);
        r.handle.seek(s);
      },
    });
    const follow = () => {
      const t = (l.handle.tellsTime ? l.handle : r.handle).currentTime();
      if (t !== null) handle.report(t);
    };
    const stopLeft = l.handle.subscribe(follow);
    const stopRight = r.handle.subscribe(follow);
    return () => {
      detach();
      stopLeft();
      stopRight();
    };
  }, [pair]);
  return pair;
}

function ComparedPair({
  pair,
  phone,
  labels,
  rates,
  others,
  otherNumber,
  onOther,
}: {
  pair: Pair;
  phone: boolean;
  labels: readonly [string, string];
  rates: readonly [FrameRate, FrameRate];
  others: readonly Cut[];
  otherNumber: number | null;
  onOther: (n: number | null) => void;
}) {
  const [side, setSide] = useState<'left' | 'right'>('left');
  const shown = phone ? side : 'both';
  const { left, right } = pair;
  return (
    <Stack gap="xs" component="section" aria-label={`Compare ${labels[0]} with ${labels[1]}`}>
      <Group gap="xs" wrap="wrap">
        <NativeSelect
          size="xs"
          label="Compare with"
          value={keyOf(otherNumber)}
          onChange={(e) => onOther(numberOf(e.currentTarget.value))}
          data={others.map((c) => ({ value: keyOf(c.number), label: versionLabel(c.number) }))}
        />
        {phone && (
          <SegmentedControl
            size="xs"
            mt="auto"
            aria-label="Version shown"
            value={side}
            onChange={(v) => setSide(v === 'right' ? 'right' : 'left')}
            data={[
              { value: 'left', label: labels[0] },
              { value: 'right', label: labels[1] },
            ]}
          />
        )}
      </Group>
      {pair.together && left.source.kind === 'file' && right.source.kind === 'file' ? (
        <Suspense fallback={<PlayerPlaceholder />}>
          <SyncedPair
            left={left.source}
            right={right.source}
            labels={labels}
            rates={rates}
            handle={pair.handle}
            shown={shown}
          />
        </Suspense>
      ) : (
        <>
          <SimpleGrid cols={phone ? 1 : 2} spacing="sm">
            {[left, right].map((p, i) => (
              <Stack
                key={i}
                gap={4}
                display={
                  shown === 'both' || shown === (i === 0 ? 'left' : 'right') ? undefined : 'none'
                }
              >
                <Text size="xs" fw={600}>
                  {labels[i]}
                </Text>
                <PlayerSlot player={p} />
              </Stack>
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Each player runs alone; a timecode in the comments moves both.
          </Text>
        </>
      )}
    </Stack>
  );
}
