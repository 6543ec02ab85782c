import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { markPostedBody, markPostedForm, type MarkPostedValues } from '@domain/publishing';
import { localDateText } from '@domain/video-form';
import { CenteredModal } from '../guarded-modal';

/** Where and when a video went out, as the move to posted carries them (both optional). */
export type PostedDetails = ReturnType<typeof markPostedBody>;

/**
 * "Mark as posted" (issue 18, "Posting as a step"): asks, optionally, for the published URL and
 * the day it went out (today unless picked, or what the video kept from an earlier posting).
 * Skip marks it posted with nothing more (the server records today); Escape or Cancel leaves the
 * video as it was.
 */
export function MarkPostedDialog({
  videoName,
  kept,
  pending,
  onClose,
  onPost,
}: {
  videoName: string;
  /** What the video kept from being posted before, offered again. */
  kept?: { publishedUrl: string | null; publishedAt: string | null };
  pending: boolean;
  onClose: () => void;
  onPost: (details: PostedDetails) => void;
}) {
  const [today] = useState(() => localDateText(new Date()));
  const form = useForm<MarkPostedValues>({
    mode: 'controlled',
    initialValues: {
      publishedUrl: kept?.publishedUrl ?? '',
      publishedAt: kept?.publishedAt ?? today,
    },
    validate: schemaResolver(markPostedForm(today), { sync: true }),
  });
  return (
    <CenteredModal opened onClose={onClose} title="Mark as posted">
      <form onSubmit={form.onSubmit((v) => onPost(markPostedBody(v)))} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            &quot;{videoName}&quot; will be marked as posted. Where and when did it go out? Both are
            optional.
          </Text>
          <TextInput
            label="Published URL"
            placeholder="https://www.instagram.com/p/..."
            type="url"
            inputMode="url"
            maxLength={2000}
            data-autofocus
            {...form.getInputProps('publishedUrl')}
          />
          <TextInput
            label="Published on"
            type="date"
            max={today}
            {...form.getInputProps('publishedAt')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={() => onPost({})} disabled={pending}>
              Skip
            </Button>
            <Button type="submit" loading={pending}>
              Mark posted
            </Button>
          </Group>
        </Stack>
      </form>
    </CenteredModal>
  );
}
