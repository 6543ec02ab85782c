import { Button, Menu, type ButtonProps } from '@mantine/core';
import { MARKER_FORMAT_LABELS, type MarkerFormat } from '@domain/markers';
import { IconChevronDown, IconDownload } from './video-icons';

/**
 * "Export markers" (issue 18): a menu of marker formats, each a plain download link to the API
 * (the session cookie authenticates it, the answer's Content-Disposition names the file). Reached
 * by mouse or keyboard: Enter or Space opens it, arrows move, Enter downloads, Escape closes.
 */
export function ExportMarkersMenu<F extends MarkerFormat>({
  formats,
  hrefOf,
  label = 'Export markers',
  disabled,
  title,
  size = 'sm',
}: {
  /** Says why it is disabled (a hover hint). */
  title?: string;
  formats: readonly F[];
  hrefOf: (format: F) => string;
  /** The button's text, e.g. with the number of videos it exports. */
  label?: string;
  disabled?: boolean;
  size?: ButtonProps['size'];
}) {
  return (
    // No focus placeholder: the first item takes the focus (see StatusActionsMenu).
    <Menu position="bottom-end" shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          size={size}
          disabled={disabled}
          title={title}
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Timecoded comments as</Menu.Label>
        {formats.map((format) => (
          <Menu.Item key={format} component="a" href={hrefOf(format)} download>
            {MARKER_FORMAT_LABELS[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
