import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import {
  DRAWING_COLOR_IDS,
  DRAWING_COLOR_LABELS,
  DRAWING_COLORS,
  DRAWING_TOOL_LABELS,
  DRAWING_TOOLS,
  type DrawingTool,
} from '@domain/drawing';
import type { DrawingBoard } from '../../lib/drawing-board';
import { Icon } from '../icons';
import { KEEPS_ESCAPE } from './drawing-layer';

const TOOL_ICONS: Record<DrawingTool, ReactNode> = {
  pen: <path d="M3 21c3-1 5-3 7-6l8-8a2 2 0 0 0-3-3l-8 8c-3 2-5 4-6 7z" />,
  arrow: <path d="M5 19 19 5M10 5h9v9" />,
  rect: <rect x="4" y="6" width="16" height="12" rx="1" />,
};

/**
 * The drawing's tools under the player while drawing (issue 43): pen, arrow, rectangle, four
 * colours, undo, Cancel (or Escape) and Done. Its controls keep Escape from closing the dialog
 * around, so Escape cancels the drawing only.
 */
export function DrawingToolbar({ board }: { board: DrawingBoard }) {
  const state = useSyncExternalStore(board.subscribe, board.getState, board.getState);
  if (!state.drawing) return null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      board.cancel();
    }
  };
  return (
    <Paper
      withBorder
      p={6}
      radius="md"
      role="toolbar"
      aria-label="Drawing tools"
      onKeyDown={onKeyDown}
    >
      <Group gap={6} justify="space-between" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          {DRAWING_TOOLS.map((tool) => (
            <Tooltip key={tool} label={DRAWING_TOOL_LABELS[tool]} openDelay={400}>
              <ActionIcon
                variant={state.tool === tool ? 'filled' : 'default'}
                size="lg"
                aria-label={DRAWING_TOOL_LABELS[tool]}
                aria-pressed={state.tool === tool}
                onClick={() => board.setTool(tool)}
                {...KEEPS_ESCAPE}
              >
                <Icon size={18}>{TOOL_ICONS[tool]}</Icon>
              </ActionIcon>
            </Tooltip>
          ))}
          <Group gap={4} ml={6} wrap="nowrap" role="group" aria-label="Colour">
            {DRAWING_COLOR_IDS.map((color) => (
              <ActionIcon
                key={color}
                variant="default"
                size="lg"
                radius="xl"
                aria-label={DRAWING_COLOR_LABELS[color]}
                aria-pressed={state.color === color}
                onClick={() => board.setColor(color)}
                style={{
                  outline: state.color === color ? '2px solid var(--mantine-color-dark-6)' : 'none',
                  outlineOffset: 1,
                }}
                {...KEEPS_ESCAPE}
              >
                <span
                  style={{
                    width: 16,
                    height: 16,
                    borderRadius: '50%',
                    background: DRAWING_COLORS[color],
                    boxShadow: 'inset 0 0 0 1px rgba(0,0,0,0.35)',
                  }}
                />
              </ActionIcon>
            ))}
          </Group>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            disabled={state.shapes.length === 0}
            onClick={() => board.undo()}
            {...KEEPS_ESCAPE}
          >
            Undo
          </Button>
          <Button size="xs" variant="default" onClick={() => board.cancel()} {...KEEPS_ESCAPE}>
            Cancel
          </Button>
          <Button
            size="xs"
            onClick={() => board.finish()}
            disabled={state.shapes.length === 0}
            {...KEEPS_ESCAPE}
          >
            Done
          </Button>
        </Group>
      </Group>
      <Text size="xs" c={state.problem ? 'red.8' : 'dimmed'} mt={4} aria-live="polite">
        {state.problem ??
          (state.shapes.length === 0
            ? 'Drag on the picture to draw. Esc cancels.'
            : `${state.shapes.length} ${state.shapes.length === 1 ? 'shape' : 'shapes'} · post the comment to save the drawing`)}
      </Text>
    </Paper>
  );
}
