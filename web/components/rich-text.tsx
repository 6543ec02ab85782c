import { Anchor, Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useMemo } from 'react';
import { cardLabelId, PLATFORM_LABELS } from '@domain/links';
import { chipLabel, tokenizeRichText, type RichToken } from '@domain/rich-text';
import type { FrameRate } from '@domain/timecode';
import { IconVideo } from './icons';
import classes from './rich-text.module.css';

/** Links leave the app in a new tab, telling the other site nothing about where they came from. */
const external = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

function VideoCard({ token }: { token: Extract<RichToken, { kind: 'video' }> }) {
  return (
    <Anchor href={token.href} {...external} className={classes.card} underline="never">
      <Group gap="xs" wrap="nowrap" component="span">
        <Box component="span" className={classes.cardIcon} aria-hidden="true">
          <IconVideo size={18} />
        </Box>
        <Box component="span" miw={0}>
          <Text component="span" size="xs" fw={700} display="block" c="dark.7">
            {PLATFORM_LABELS[token.platform]} · {cardLabelId(token.id)}
          </Text>
          <Text component="span" size="xs" display="block" c="violet.8">
            Click to watch video
          </Text>
        </Box>
      </Group>
    </Anchor>
  );
}

function Piece({ token, onSeek }: { token: RichToken; onSeek?: (seconds: number) => void }) {
  switch (token.kind) {
    case 'text':
      return token.text;
    case 'url':
      return (
        <Anchor href={token.href} {...external} className={classes.chip} title={token.href}>
          {chipLabel(token.href)}
        </Anchor>
      );
    case 'video':
      return <VideoCard token={token} />;
    case 'mention':
      return (
        <Badge component="span" variant="light" size="sm" radius="sm" className={classes.mention}>
          {token.text}
        </Badge>
      );
    case 'timecode':
      return onSeek ? (
        <UnstyledButton
          component="button"
          type="button"
          className={`${classes.timecode} ${classes.seek}`}
          aria-label={`Play from ${token.text}`}
          onClick={() => onSeek(token.seconds)}
        >
          {token.text}
        </UnstyledButton>
      ) : token.href ? (
        <Anchor
          href={token.href}
          {...external}
          className={classes.timecode}
          title={`Watch from ${token.text}`}
        >
          {token.text}
        </Anchor>
      ) : (
        <span className={classes.timecode}>{token.text}</span>
      );
  }
}

/**
 * Free text as people wrote it (docs/product.md#screens 'Text rendering'): addresses as link chips,
 * video-site addresses as cards, @mentions as badges, timecodes as buttons that seek the player
 * (`onSeek`, where the dialog shows one) or else links into `videoLink` where its platform takes a
 * start time. Everything is React text and elements, never HTML.
 */
export function RichText({
  text,
  videoLink = null,
  size = 'sm',
  onSeek,
  mentionable = null,
  frameRate,
}: {
  text: string;
  /** The rate of the video its SMPTE timecodes count frames at (issue 43). */
  frameRate?: FrameRate;
  /** The lowercase usernames that may be mentioned here, when known: only they become badges. */
  mentionable?: ReadonlySet<string> | null;
  /** Seeks the video's player to a timecode's moment; timecodes become buttons. */
  onSeek?: (seconds: number) => void;
  /** The video the text is about, for timecode links. */
  videoLink?: string | null;
  size?: 'xs' | 'sm' | 'md';
}) {
  const tokens = useMemo(
    () => tokenizeRichText(text, videoLink, mentionable, frameRate),
    [text, videoLink, mentionable, frameRate],
  );
  return (
    <Text component="div" size={size} className={classes.root}>
      {tokens.map((token, i) => (
        <Piece key={i} token={token} onSeek={onSeek} />
      ))}
    </Text>
  );
}
