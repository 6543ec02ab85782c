import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { CLIENT_TURN_MESSAGES, reviewRemindersSchema } from '@domain/client-turn';
import { LoadingState } from '../../../components/loading-state';
import { useReviewReminders, useSaveReviewReminders } from '../../../api/review-reminders';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

/** "3, 7" from [3, 7], and back; anything that is not a whole number stays to be refused. */
const asText = (days: readonly number[]) => days.join(', ');
const parse = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((d) => (/^\d+$/.test(d) ? Number(d) : Number.NaN));

/**
 * The king's setting of when a client still waiting in review is reminded (issue 41): days
 * after the video went to review, one reminder each. Saved with a confirmation that offers to put
 * the previous days back.
 */
export function ReviewRemindersSetting() {
  const query = useReviewReminders(true);
  const save = useSaveReviewReminders();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const kept = query.data?.days;
  useEffect(() => {
    if (kept) setText(asText(kept));
  }, [kept]);

  if (query.isError)
    return (
      <Alert color="red" title="Could not load the review reminders">
        {getErrorMessage(query.error, 'Please try again.')}
      </Alert>
    );
  if (!kept) return <LoadingState label="Loading review reminders" />;

  const send = (days: number[], previous: number[] | null) =>
    save.mutate(
      { days },
      {
        onSuccess: (saved) => {
          setText(asText(saved.days));
          notifications.clean();
          notifications.show({
            color: 'teal',
            title: CLIENT_TURN_MESSAGES.saved,
            message: (
              <Group gap="xs" justify="space-between">
                <Text size="sm">
                  {saved.days.length
                    ? `Clients are reminded after ${asText(saved.days)} days`
                    : 'Clients are not reminded'}
                </Text>
                {previous && (
                  <Button size="compact-xs" variant="light" onClick={() => send(previous, null)}>
                    Undo
                  </Button>
                )}
              </Group>
            ),
          });
        },
        onError: (err) => notifyError('Could not save', getErrorMessage(err, 'Please try again.')),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewRemindersSchema.safeParse({ days: parse(text) });
    if (!parsed.success) {
      setError(CLIENT_TURN_MESSAGES.reminderDays);
      return;
    }
    send(parsed.data.days, [...kept]);
  };

  return (
    <Card withBorder padding="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Text fw={600}>Review reminders</Text>
          <Text size="sm" c="dimmed">
            A video waiting for its client in review reminds the client and its team leads on each
            of these days after it was sent, once a day at most, never after the decision. After the
            last one it appears in the lead editors’ Needs My Review.
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Remind after (days)"
              description="Whole days, separated by commas; empty for no reminders"
              value={text}
              error={error}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setError(null);
              }}
              w={{ base: '100%', xs: 260 }}
            />
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
