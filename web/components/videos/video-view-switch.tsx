import { SegmentedControl } from '@mantine/core';
import { VIDEO_VIEW_LABELS, VIDEO_VIEW_MODES, type VideoViewMode } from '@domain/preferences';
import { usePreferences } from '../../hooks/use-preferences';

/** The user's choice of list or board (remembered per user in this browser), and its setter. */
export function useVideoViewMode(): [VideoViewMode, (mode: VideoViewMode) => void] {
  const prefs = usePreferences();
  return [prefs.preferences.videoView, (videoView) => prefs.update(() => ({ videoView }))];
}

/** List or Board: how every video list shows (docs/product.md#the-board). */
export function VideoViewSwitch() {
  const [mode, setMode] = useVideoViewMode();
  return (
    <SegmentedControl
      size="xs"
      aria-label="Show videos as"
      value={mode}
      onChange={(value) => setMode(value)}
      data={VIDEO_VIEW_MODES.map((m) => ({ value: m, label: VIDEO_VIEW_LABELS[m] }))}
    />
  );
}
