import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { memo, useState } from 'react';
import { canReadVideo } from '@domain/permissions';
import { turnLine } from '@domain/turnaround';
import type { PublicUser } from '@domain/user';
import { typeLabel } from '@domain/video-type-labels';
import { mobileAnimationDelay } from '@domain/video-form';
import type { VideoView } from '@domain/videos';
import { allowedActions, postedToggleTarget, workflowSide } from '@domain/workflow';
import { useNow } from '../../lib/clock';
import { useOpenedOnce, usePreloadWhenIdle } from '../lazy-dialog';
import { DayCounterBadge } from './day-counter-badge';
import { MarkPostedDialog, SendBackDialog } from './lazy-dialogs';
import { PublishedLine } from './published-line';
import { RoundBadge } from './round-badge';
import { PlatformLabel } from './platform-label';
import { useMoveDialogs } from './move-dialogs';
import { StatusActionsMenu } from './status-actions-menu';
import { PriorityBadge } from './priority-badge';
import { SelectCheckbox } from './select-checkbox';
import { StatusBadge } from './status-badge';
import classes from './video-card.module.css';
import { VipBadge } from '../vip-badge';
import { displayName } from '@domain/people';

export interface VideoCardProps {
  video: VideoView;
  /** The signed-in user: decides whether the workflow button is enabled. */
  viewer: PublicUser;
  /** Opens the detail dialog (usually via useVideoParam().open). */
  onOpen: (videoId: string) => void;
  /** Shows the owning client and the VIP badge (for privileged viewers). */
  showClient?: boolean;
  /** Clients whose team the viewer is on (an editor's assigned clients), for the permission check. */
  teamClientIds?: readonly string[];
  /** Position in the list, for the mobile entrance delay. */
  index?: number;
  /**
   * The dense card of the Compact view preference: less padding, the title on its own up to two
   * lines (then an ellipsis), the status beside the other badges, client and editor on one line.
   */
  compact?: boolean;
  /** Picked for a bulk change (issue 45): the card's checkbox; `range` on a shift-click. */
  selection?: { selected: boolean; onToggle: (range: boolean) => void };
}

/** The compact card's one line of people: 'Client name (VIP) · Editor: name'. */
function PeopleLine({
  client,
  vip,
  editor,
}: {
  client: string | null;
  vip: boolean;
  editor: VideoView['assignedEditor'];
}) {
  if (!client && !editor) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed" truncate="end">
        {client && (
          <Text span size="xs" fw={500} c="dark.6">
            {client}
          </Text>
        )}
        {client && editor && ' · '}
        {editor && `Editor: ${displayName(editor)}`}
      </Text>
      {client && vip && <VipBadge />}
    </Group>
  );
}

/**
 * One video as a card: number, name, status badge, day counter, type, link platform, whose turn
 * it is and since when ('Waiting on client · 5 h', domain/turnaround.ts), client
 * (when `showClient`), the primary workflow action (optimistic, rolled back with a toast) and
 * the posted / ready-to-post confirm toggle. Reused by every dashboard. Drawn again only when
 * its props change: a board column draws its cards again each time it measures them.
 */
export const VideoCard = memo(function VideoCard({
  video,
  viewer,
  onOpen,
  showClient = false,
  teamClientIds = [],
  index = 0,
  compact = false,
  selection,
}: VideoCardProps) {
  const { move, dialogs, change, pendingId } = useMoveDialogs(viewer);
  const [confirming, setConfirming] = useState(false);
  const confirmMounted = useOpenedOnce(confirming);
  // Mounted only while open: their code is fetched in idle time, so opening does not wait.
  usePreloadWhenIdle(SendBackDialog.load);
  usePreloadWhenIdle(MarkPostedDialog.load);
  const now = useNow();
  const allowed = canReadVideo({ ...viewer, teamClientIds: new Set(teamClientIds) }, video);
  // Only the moves this viewer may make (domain/workflow.ts): the first is the button, the
  // others are in the menu; Send Back / Request Changes ask for a note first.
  const side = workflowSide(viewer);
  const actions = allowed ? allowedActions(side, video.status) : [];
  const [action, ...more] = actions;
  const toggle = postedToggleTarget(video.status);
  const toggleTarget = toggle && actions.some((a) => a.to === toggle) ? toggle : null;
  const busy = pendingId === video.id;
  const ownerName = displayName(video.owner);
  const turn = turnLine(video, now, side === 'client' ? 'client' : 'agency');

  return (
    <Card
      withBorder
      padding={compact ? 'sm' : 'md'}
      className={classes.card}
      style={{ animationDelay: `${mobileAnimationDelay(index)}ms` }}
      component="article"
      aria-label={video.name}
      data-testid="video-card"
    >
      <Stack gap={compact ? 6 : 'xs'} h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          {selection && (
            <SelectCheckbox
              mt={3}
              name={video.name}
              selected={selection.selected}
              onToggle={selection.onToggle}
            />
          )}
          <UnstyledButton
            onClick={() => onOpen(video.id)}
            className={classes.name}
            data-compact={compact || undefined}
            title={compact ? video.name : undefined}
          >
            <Text span c="dimmed" fw={500} mr={6}>
              #{video.ordinal}
            </Text>
            {video.name}
          </UnstyledButton>
          {!compact && <StatusBadge status={video.status} style={{ flexShrink: 0 }} />}
        </Group>
        <Group gap={compact ? 6 : 'xs'}>
          {compact && <StatusBadge status={video.status} />}
          <Badge variant="outline" color="gray" c="dark.6">
            {typeLabel(video.type)}
          </Badge>
          <PriorityBadge priority={video.priority} />
          <DayCounterBadge video={video} />
          {video.rounds > 0 && <RoundBadge rounds={video.rounds} />}
          <PlatformLabel link={video.link} />
        </Group>
        {turn && (
          <Text
            size="xs"
            c="dimmed"
            fw={turn.turn === 'client' ? 600 : undefined}
            data-turn={turn.turn}
          >
            {turn.text}
          </Text>
        )}
        {compact ? (
          <PeopleLine
            client={showClient ? ownerName : null}
            vip={video.clientIsVip}
            editor={video.assignedEditor}
          />
        ) : (
          <>
            {showClient && (
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  Client:
                </Text>
                <Text size="sm" fw={500}>
                  {ownerName}
                </Text>
                {video.clientIsVip && <VipBadge />}
              </Group>
            )}
            {video.assignedEditor && (
              <Text size="sm" c="dimmed">
                Editor: {displayName(video.assignedEditor)}
              </Text>
            )}
          </>
        )}
        {video.status === 'posted' && (
          <PublishedLine
            videoName={video.name}
            publishedAt={video.publishedAt}
            publishedUrl={video.publishedUrl}
          />
        )}
        <Group justify="space-between" mt="auto" pt={compact ? 0 : 'xs'} gap="xs">
          <Group gap="xs">
            {action && (
              <Button
                size="xs"
                onClick={() => move(video, action)}
                disabled={busy}
                aria-label={`${action.label}: ${video.name}`}
              >
                {action.label}
              </Button>
            )}
            {more.length > 0 && (
              <StatusActionsMenu
                actions={more}
                videoName={video.name}
                disabled={busy}
                onPick={(a) => move(video, a)}
              />
            )}
            <Button size="xs" variant="default" onClick={() => onOpen(video.id)}>
              Details
            </Button>
          </Group>
          {toggleTarget && (
            <Switch
              size="sm"
              label="Posted"
              checked={video.status === 'posted'}
              disabled={busy}
              onChange={() =>
                toggleTarget === 'posted' ? move(video, { to: 'posted' }) : setConfirming(true)
              }
              aria-label={`Posted: ${video.name}`}
            />
          )}
        </Group>
      </Stack>
      {confirmMounted && (
        <Modal
          closeButtonProps={{ 'aria-label': 'Close' }}
          opened={confirming}
          onClose={() => setConfirming(false)}
          title="Mark as ready to post?"
          centered
        >
          <Text size="sm" mb="md">
            {`"${video.name}" will go back to Ready to Post.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                change(video, 'ready_to_post');
              }}
            >
              Confirm
            </Button>
          </Group>
        </Modal>
      )}
      {dialogs}
    </Card>
  );
});
