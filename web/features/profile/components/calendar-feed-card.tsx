import { Button, CopyButton, Flex, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CALENDAR_FEED_MESSAGES,
  type CalendarFeedMade,
  type CalendarFeedState,
} from '@domain/api-tokens';
import { ConfirmDialog } from '../../../components/guarded-modal';
import {
  useCalendarFeed,
  useResetCalendarFeed,
  useTurnOffCalendarFeed,
} from '../../../api/api-tokens';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** The read of one's feed as the card uses it (react-query's answer, or a test's). */
export type CalendarFeedRead = Pick<
  UseQueryResult<CalendarFeedState>,
  'data' | 'error' | 'isError'
>;

export interface CalendarFeedCardProps {
  feed: CalendarFeedRead;
  /** Makes the address, or a new one in place of the old. */
  reset: () => Promise<CalendarFeedMade>;
  turnOff: () => Promise<unknown>;
}

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The address just made: read-only, selectable, with a copy button. */
function FeedAddress({ url }: { url: string }) {
  return (
    <Stack gap={4}>
      <Flex
        direction={{ base: 'column', xs: 'row' }}
        gap="xs"
        align={{ base: 'stretch', xs: 'flex-end' }}
      >
        <TextInput
          label="Feed address"
          value={url}
          readOnly
          style={{ flex: 1 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? 'Copied' : 'Copy address'}
            </Button>
          )}
        </CopyButton>
      </Flex>
      <Text size="xs" c="dimmed">
        {CALENDAR_FEED_MESSAGES.howTo}
      </Text>
    </Stack>
  );
}

/**
 * The profile's calendar feed (issue 46; docs/product.md#sign-up-sign-in-profile): make a
 * private address (shown when made, with a copy button), reset it (the old one stops working)
 * or turn it off, each change after a confirmation. Reads and calls come in as props
 * (CalendarFeedSection binds them to the API).
 */
export function CalendarFeedCard({ feed, reset, turnOff }: CalendarFeedCardProps) {
  const [made, setMade] = useState<CalendarFeedMade | null>(null);
  const [confirming, setConfirming] = useState<'reset' | 'off' | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const makeAddress = async () => {
    const wasActive = feed.data?.active ?? false;
    setPending(true);
    setError(null);
    try {
      setMade(await reset());
      notifySuccess(wasActive ? CALENDAR_FEED_MESSAGES.reset : CALENDAR_FEED_MESSAGES.made);
      setConfirming(null);
    } catch (failure) {
      setError(getErrorMessage(failure, CALENDAR_FEED_MESSAGES.failed));
      setConfirming(null);
    } finally {
      setPending(false);
    }
  };

  const stop = async () => {
    setPending(true);
    setError(null);
    try {
      await turnOff();
      setMade(null);
      notifySuccess(CALENDAR_FEED_MESSAGES.turnedOff);
      setConfirming(null);
    } catch (failure) {
      notifyError(CALENDAR_FEED_MESSAGES.failed, getErrorMessage(failure, ''));
    } finally {
      setPending(false);
    }
  };

  if (feed.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {getErrorMessage(feed.error, CALENDAR_FEED_MESSAGES.loadFailed)}
      </Text>
    );
  }
  if (!feed.data) {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          Loading calendar feed...
        </Text>
      </Group>
    );
  }

  // Made just now: shown at once, before the read of the state comes back.
  const active = feed.data.active || made !== null;
  return (
    <Stack gap="sm">
      {!active && (
        <>
          <Text size="sm" c="dimmed">
            {CALENDAR_FEED_MESSAGES.none}
          </Text>
          <Group>
            <Button onClick={() => void makeAddress()} disabled={pending}>
              {pending ? 'Making...' : 'Make feed address'}
            </Button>
          </Group>
        </>
      )}
      {active && made && <FeedAddress url={made.url} />}
      {active && !made && feed.data.createdAt && (
        <Text size="sm">
          Your feed address was made on {day(feed.data.createdAt)}.{' '}
          {CALENDAR_FEED_MESSAGES.shownOnce}
        </Text>
      )}
      {active && (
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={() => setConfirming('reset')} disabled={pending}>
            Reset address
          </Button>
          <Button
            variant="subtle"
            color="red"
            onClick={() => setConfirming('off')}
            disabled={pending}
          >
            Turn off
          </Button>
        </Group>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <ConfirmDialog
        opened={confirming === 'reset'}
        onClose={() => setConfirming(null)}
        title={CALENDAR_FEED_MESSAGES.resetTitle}
        pending={pending}
        description={CALENDAR_FEED_MESSAGES.resetConfirm}
        confirm={{
          label: 'Reset address',
          pendingLabel: 'Resetting...',
          color: 'red.9',
          onConfirm: () => void makeAddress(),
          focusCancel: true,
        }}
      />
      <ConfirmDialog
        opened={confirming === 'off'}
        onClose={() => setConfirming(null)}
        title={CALENDAR_FEED_MESSAGES.offTitle}
        pending={pending}
        description={CALENDAR_FEED_MESSAGES.offConfirm}
        confirm={{
          label: 'Turn off',
          pendingLabel: 'Turning off...',
          color: 'red.9',
          onConfirm: () => void stop(),
          focusCancel: true,
        }}
      />
    </Stack>
  );
}

/** The card bound to the API: one's feed, and the reset and turn-off calls. */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  return <CalendarFeedCard feed={feed} reset={reset.mutateAsync} turnOff={turnOff.mutateAsync} />;
}
