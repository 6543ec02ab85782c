import { Badge, Button } from '@mantine/core';

/**
 * A drawn comment's mark (issue 43): a toggle that shows its drawing over the picture where the
 * player can (useDrawingSelection's props), else a plain "Drawing" badge.
 */
export function ShowDrawingButton({
  drawingShown = false,
  onShowDrawing,
}: {
  drawingShown?: boolean;
  onShowDrawing?: () => void;
}) {
  if (!onShowDrawing) {
    return (
      <Badge size="xs" variant="light" color="orange" c="orange.9" radius="sm">
        Drawing
      </Badge>
    );
  }
  return (
    <Button
      variant={drawingShown ? 'filled' : 'light'}
      size="compact-xs"
      aria-pressed={drawingShown}
      onClick={onShowDrawing}
    >
      {drawingShown ? 'Hide drawing' : 'Show drawing'}
    </Button>
  );
}
