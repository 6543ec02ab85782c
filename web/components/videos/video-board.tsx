import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { Badge, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEventHandler,
  type ReactNode,
  type RefObject,
} from 'react';
import { BOARD_MESSAGES, boardDropRefusal } from '@domain/board';
import { canEditVideo } from '@domain/permissions';
import type { PublicUser } from '@domain/user';
import {
  normalizeStatus,
  STATUS_LABELS,
  VIDEO_STATUSES,
  type VideoStatus,
} from '@domain/video-status';
import type { VideoView } from '@domain/videos';
import { findMove, workflowSide } from '@domain/workflow';
import {
  boardColumnVideos,
  cachedBoardVideos,
  getMatchingVideoIds,
  useBoardColumn,
  type BoardQuery,
} from '../../api/videos';
import { useVideoSelection } from '../../hooks/use-video-selection';
import { usePhoneLayout } from '../../hooks/use-phone-layout';
import { notifyError } from '../../lib/notify';
import { BulkActionBar } from './bulk-action-bar';
import { useMoveDialogs } from './move-dialogs';
import { SelectCheckbox } from './select-checkbox';
import { StatusBadge } from './status-badge';
import { VideoCard } from './video-card';
import { IconGrip } from './video-icons';
import classes from './video-board.module.css';

export interface VideoBoardProps {
  viewer: PublicUser;
  /** The filters every column reads with (the list's search, type, client...). */
  query: BoardQuery;
  onOpen: (videoId: string) => void;
  showClient?: boolean;
  teamClientIds?: readonly string[];
  /** The level of the columns' titles under the page's own headings. */
  headingOrder?: 2 | 3;
  /**
   * Cards can be picked for a bulk change (issue 45): a box on each card's rail above its Move
   * handle, shift-click ranges in the board's order (column by column, top to bottom), and the
   * bulk bar above the columns; true unless told.
   */
  selectable?: boolean;
}

/** The room between two cards of a column, in CSS pixels. */
const CARD_GAP_PX = 8;

/**
 * A column's width and scroll height and a card's height, in CSS pixels, as measured on a phone
 * (390 x 844: one column fills the screen) and a laptop (1280 x 900: five side by side, each
 * card's title wrapping), for a column to draw before it can measure.
 */
const PHONE_GUESS = { width: 360, column: 620, card: 190 };
const DESKTOP_GUESS = { width: 230, column: 600, card: 340 };

/** What a drag carries: the video as its column listed it. */
interface DragData {
  video: VideoView;
}

const videoOf = (data: { current?: unknown } | undefined | null) =>
  (data?.current as DragData | undefined)?.video;

/**
 * The keyboard's move: Left and Right go to the next column (by where the columns are drawn),
 * Up and Down do nothing, so one press is one column and the page does not scroll.
 */
const columnCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (event.code.startsWith('Arrow')) event.preventDefault();
  const { active, collisionRect, droppableRects, droppableContainers, over } = context;
  if (!step || !active || !collisionRect) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .flatMap((c) => {
      const rect = droppableRects.get(c.id);
      return rect ? [{ id: c.id, rect }] : [];
    })
    .sort((a, b) => a.rect.left - b.rect.left);
  const current = over?.id ?? videoOf(active.data)?.status;
  const next = columns[columns.findIndex((c) => c.id === current) + step];
  if (!next) return undefined;
  const centre = (r: { left: number; width: number }) => r.left + r.width / 2;
  return {
    x: currentCoordinates.x + centre(next.rect) - centre(collisionRect),
    y: currentCoordinates.y,
  };
};

/** The column under the pointer, else the nearest (the keyboard's, and a card beside the board). */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length ? within : closestCenter(args);
};

/**
 * A video list as a board (docs/product.md#the-board): a column per status, each read page by
 * page and virtualised; a card is dragged (mouse, touch, or keyboard from its Move handle) to
 * another column where the workflow table lets the viewer move it (domain/board.ts). While a card
 * is held, each column it may not go to says why; every step is announced to screen readers. The
 * drop is the card's own move: its dialog where it asks one (posted, a note, an editor), the
 * confirmation toast with Undo.
 */
export function VideoBoard({
  viewer,
  query,
  onOpen,
  showClient,
  teamClientIds,
  headingOrder = 2,
  selectable = true,
}: VideoBoardProps) {
  const side = workflowSide(viewer);
  const scope = useMemo(
    () => ({ ...viewer, teamClientIds: new Set(teamClientIds ?? []) }),
    [viewer, teamClientIds],
  );
  const { move, dialogs } = useMoveDialogs(viewer);
  const [active, setActive] = useState<VideoView | null>(null);
  const [over, setOver] = useState<VideoStatus | null>(null);
  const phone = usePhoneLayout();
  const columnRefs = useRef(new Map<VideoStatus, HTMLElement>());
  const boardRef = useRef<HTMLDivElement>(null);
  // The column last announced: the card starts over its own, which is said with the pick-up.
  const announcedOver = useRef<string | null>(null);
  const selection = useVideoSelection();
  // The cards each column has loaded: the selection's order and the bulk answer's names.
  // From its first render what the cache holds: a board drawn by the server shows its bulk bar
  // as the browser does, and the bar does not push the board down once hydrated (issue 47).
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState(() => cachedBoardVideos(queryClient, query));
  const onLoaded = useCallback(
    (status: VideoStatus, videos: readonly VideoView[]) =>
      setLoaded((prev) => (prev[status] === videos ? prev : { ...prev, [status]: videos })),
    [],
  );
  const shown = useMemo(() => VIDEO_STATUSES.flatMap((s) => loaded[s] ?? []), [loaded]);
  const order = useMemo(() => shown.map((v) => v.id), [shown]);

  const refusal = (video: VideoView, to: VideoStatus) =>
    boardDropRefusal(side, video.status, to, canEditVideo(scope, video));

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A long press picks a card up; a swipe before it scrolls.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnCoordinates }),
  );

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      const video = videoOf(a.data);
      announcedOver.current = video ? normalizeStatus(video.status) : null;
      return video && BOARD_MESSAGES.pickedUp(video.name, video.status);
    },
    onDragOver: ({ active: a, over: o }) => {
      const video = videoOf(a.data);
      if (!video || !o || o.id === announcedOver.current) return undefined;
      announcedOver.current = String(o.id);
      const to = o.id as VideoStatus;
      if (to === normalizeStatus(video.status)) return BOARD_MESSAGES.overSame(video.name, to);
      const why = refusal(video, to);
      return why
        ? BOARD_MESSAGES.overForbidden(video.name, to, why)
        : BOARD_MESSAGES.overAllowed(video.name, to);
    },
    onDragEnd: ({ active: a, over: o }) => {
      const video = videoOf(a.data);
      if (!video) return undefined;
      const to = o?.id as VideoStatus | undefined;
      if (!to || to === normalizeStatus(video.status))
        return BOARD_MESSAGES.stays(video.name, video.status);
      const why = refusal(video, to);
      return why
        ? BOARD_MESSAGES.refused(video.name, video.status, why)
        : BOARD_MESSAGES.dropped(video.name, to);
    },
    onDragCancel: ({ active: a }) => {
      const video = videoOf(a.data);
      return video && BOARD_MESSAGES.cancelled(video.name, video.status);
    },
  };

  const end = ({ active: a, over: o }: DragEndEvent) => {
    setActive(null);
    setOver(null);
    const video = videoOf(a.data);
    const to = o?.id as VideoStatus | undefined;
    if (!video || !to || to === normalizeStatus(video.status)) return;
    const why = refusal(video, to);
    if (why) {
      notifyError('Move not allowed', why);
      return;
    }
    move(video, findMove(side, video.status, to) ?? { to });
  };

  return (
    <>
      {selectable && (
        <BulkActionBar
          selection={selection}
          shown={shown}
          matching={() => getMatchingVideoIds(query)}
        />
      )}
      {phone && (
        <ScrollArea type="never" aria-label="Board columns">
          <Group gap={6} wrap="nowrap" component="nav" aria-label="Board columns">
            {VIDEO_STATUSES.map((s) => (
              <Button
                key={s}
                size="compact-sm"
                variant="default"
                style={{ flexShrink: 0 }}
                onClick={() =>
                  columnRefs.current
                    .get(s)
                    ?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' })
                }
              >
                {STATUS_LABELS[s]}
              </Button>
            ))}
          </Group>
        </ScrollArea>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: BOARD_MESSAGES.instructions },
        }}
        onDragStart={({ active: a }) => setActive(videoOf(a.data) ?? null)}
        onDragOver={({ over: o }) => setOver((o?.id as VideoStatus | undefined) ?? null)}
        onDragEnd={end}
        onDragCancel={() => {
          setActive(null);
          setOver(null);
        }}
      >
        <div ref={boardRef} className={classes.board} data-testid="video-board">
          {VIDEO_STATUSES.map((status, index) => (
            <BoardColumn
              key={status}
              status={status}
              boardRef={boardRef}
              seenFirst={!phone || index === 0}
              query={query}
              headingOrder={headingOrder}
              columnRef={(el) => {
                if (el) columnRefs.current.set(status, el);
                else columnRefs.current.delete(status);
              }}
              drop={
                !active
                  ? null
                  : status === normalizeStatus(active.status)
                    ? { kind: 'home' }
                    : ((why) => (why ? { kind: 'forbidden', why } : { kind: 'allowed' }))(
                        refusal(active, status),
                      )
              }
              isOver={over === status}
              onLoaded={onLoaded}
              renderCard={(video) => (
                <BoardCard
                  video={video}
                  leading={
                    selectable && (
                      <SelectCheckbox
                        name={video.name}
                        selected={selection.isSelected(video.id)}
                        onToggle={(range) => selection.toggle(video.id, { range, order })}
                      />
                    )
                  }
                >
                  <VideoCard
                    video={video}
                    viewer={viewer}
                    onOpen={onOpen}
                    showClient={showClient}
                    teamClientIds={teamClientIds}
                    // A column is narrow: the dense card, its title on its own lines.
                    compact
                  />
                </BoardCard>
              )}
            />
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {active && (
            <Paper withBorder p="sm" radius="md" className={classes.overlay}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text fw={600} size="sm" truncate="end">
                  <Text span c="dimmed" mr={6}>
                    #{active.ordinal}
                  </Text>
                  {active.name}
                </Text>
                <StatusBadge status={active.status} />
              </Group>
            </Paper>
          )}
        </DragOverlay>
      </DndContext>
      {dialogs}
    </>
  );
}

type Drop = { kind: 'home' } | { kind: 'allowed' } | { kind: 'forbidden'; why: string };

/**
 * Whether `target` has come within a screen's width of what `root` shows (true from the start
 * when `seen`), and stays so: a phone shows one column of the board at a time, and draws the
 * cards of the others once a swipe brings them near, in a transition. Drawn by the server and
 * hydrated, the phone's board was five columns of cards, one long task (issue 47).
 */
function useNearOnceIn(
  root: RefObject<HTMLElement | null>,
  target: RefObject<HTMLElement | null>,
  seen: boolean,
): boolean {
  const [near, setNear] = useState(seen);
  useEffect(() => {
    if (near || !target.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { root: root.current, rootMargin: '0px 100%' },
    );
    observer.observe(target.current);
    return () => observer.disconnect();
  }, [near, root, target]);
  return near;
}

/**
 * One status's column: its title and count, the cards read page by page (the next page when the
 * last loaded cards come near) and only those near its scroll place in the page. While a card is
 * held, a column it may not go to says why.
 */
function BoardColumn({
  status,
  query,
  drop,
  isOver,
  headingOrder,
  columnRef,
  onLoaded,
  renderCard,
  boardRef,
  seenFirst,
}: {
  status: VideoStatus;
  query: BoardQuery;
  drop: Drop | null;
  isOver: boolean;
  headingOrder: 2 | 3;
  columnRef: (el: HTMLElement | null) => void;
  onLoaded: (status: VideoStatus, videos: readonly VideoView[]) => void;
  renderCard: (video: VideoView) => ReactNode;
  /** The row of columns, which scrolls sideways on a phone. */
  boardRef: RefObject<HTMLDivElement | null>;
  /** Whether the column is seen when the board opens (every column but a phone's later ones). */
  seenFirst: boolean;
}) {
  const { setNodeRef } = useDroppable({ id: status });
  const list = useBoardColumn(query, status);
  const videos = useMemo(() => boardColumnVideos(list.data, status), [list.data, status]);
  useEffect(() => onLoaded(status, videos), [onLoaded, status, videos]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const near = useNearOnceIn(boardRef, scrollRef, seenFirst);
  // Before it can measure (on the server, and while the browser hydrates what the server drew)
  // the column guesses its height and its cards' from the layout: the closer the guess, the
  // fewer cards the browser adds or drops right after hydrating (issue 47).
  const phone = usePhoneLayout();
  const guess = phone ? PHONE_GUESS : DESKTOP_GUESS;
  const virtualizer = useVirtualizer({
    count: near ? videos.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => guess.card,
    overscan: 2,
    gap: CARD_GAP_PX,
    getItemKey: (i) => videos[i]?.id ?? i,
    initialRect: { width: guess.width, height: guess.column },
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (last && last.index >= videos.length - 6 && hasNextPage && !isFetchingNextPage)
      void fetchNextPage();
  }, [last, videos.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const titleId = `board-column-${status}`;
  const reasonId = `board-column-why-${status}`;
  return (
    <section
      ref={(el) => {
        setNodeRef(el);
        columnRef(el);
      }}
      className={classes.column}
      aria-labelledby={titleId}
      aria-describedby={drop?.kind === 'forbidden' ? reasonId : undefined}
      data-testid="board-column"
      data-status={status}
      data-drop={drop?.kind}
      data-over={isOver || undefined}
    >
      <Stack gap={4} className={classes.header}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={headingOrder} fz="md" id={titleId}>
            {STATUS_LABELS[status]}
          </Title>
          <Badge variant="light" color="gray" c="dark.7" data-testid="column-count">
            {list.isSuccess ? BOARD_MESSAGES.count(videos.length, Boolean(hasNextPage)) : '…'}
          </Badge>
        </Group>
        {drop?.kind === 'forbidden' && (
          <Text
            size="xs"
            c={isOver ? 'red.9' : 'dark.5'}
            fw={isOver ? 600 : 400}
            id={reasonId}
            data-testid="drop-refusal"
          >
            {drop.why}
          </Text>
        )}
      </Stack>
      <div ref={scrollRef} className={classes.scroller} data-testid="column-scroller">
        {list.isLoading && (
          <Group justify="center" py="lg">
            <Loader size="sm" aria-label={`Loading ${STATUS_LABELS[status]} videos`} />
          </Group>
        )}
        {list.isError && (
          <Stack gap="xs" align="flex-start" role="alert">
            <Text size="sm" c="red.8">
              The videos could not be loaded.
            </Text>
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        )}
        {list.isSuccess && videos.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {BOARD_MESSAGES.empty}
          </Text>
        )}
        {videos.length > 0 && (
          <div
            role="list"
            aria-labelledby={titleId}
            style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
          >
            {/* The cards near the screen in the flow, the first at its place: each takes its
                own height, drawn by the server as measured in the browser, so nothing moves
                once the browser measures them (Lighthouse layout shift, issue 47). */}
            <div
              className={classes.cards}
              style={{ transform: `translateY(${items[0]?.start ?? 0}px)`, gap: CARD_GAP_PX }}
            >
              {items.map((item) => {
                const video = videos[item.index]!;
                return (
                  <div
                    key={item.key}
                    role="listitem"
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    aria-setsize={hasNextPage ? -1 : videos.length}
                    aria-posinset={item.index + 1}
                  >
                    {renderCard(video)}
                  </div>
                );
              })}
            </div>
          </div>
        )}
        {isFetchingNextPage && (
          <Group justify="center" py="xs">
            <Loader size="xs" aria-label="Loading more videos" />
          </Group>
        )}
      </div>
    </section>
  );
}

/**
 * A card on the board: held anywhere by mouse or a long touch, or from its Move handle by
 * keyboard. Its rail takes `leading` (a selection checkbox) above the handle.
 */
function BoardCard({
  video,
  leading,
  children,
}: {
  video: VideoView;
  leading?: ReactNode;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: video.id,
    data: { video } satisfies DragData,
  });
  const { onKeyDown, ...pointer } = listeners ?? {};
  return (
    <div
      ref={setNodeRef}
      className={classes.row}
      data-dragging={isDragging || undefined}
      data-testid="board-card"
      data-video-id={video.id}
      {...pointer}
    >
      <div className={classes.rail}>
        {leading}
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={classes.handle}
          {...attributes}
          onKeyDown={onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
          aria-label={BOARD_MESSAGES.handle(video.name)}
        >
          <IconGrip size={16} />
        </button>
      </div>
      <div className={classes.body}>{children}</div>
    </div>
  );
}
