import { Icon, iconSet, type IconProps } from '../../../components/icons';

// The invoicing page's line icons (18 px): the shared ones, then its own, by name.
export {
  IconChevronDown as IconChevron,
  IconDownload,
  IconTrash,
} from '../../../components/videos/video-icons';

const icon = iconSet(18);

export const IconCheck = icon(<path d="M20 6 9 17l-5-5" />);
export const IconPencil = icon(<path d="M17 3a2.85 2.85 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />);
export const IconPlay = icon(<path d="m6 3 14 9-14 9V3z" />);
export const IconPrinter = icon(
  <path d="M6 9V2h12v7M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />,
  <rect x="6" y="14" width="12" height="8" />,
);
export const IconX = icon(<path d="M18 6 6 18M6 6l12 12" />);

/** Both arrows, faint, until the column is sorted; then the one arrow of its direction. */
export function IconSort({ sorted, ...props }: IconProps & { sorted?: 'asc' | 'desc' | null }) {
  return (
    <Icon size={18} {...props}>
      {sorted !== 'desc' && <path d="m7 9 5-5 5 5" opacity={sorted ? 1 : 0.4} />}
      {sorted !== 'asc' && <path d="m7 15 5 5 5-5" opacity={sorted ? 1 : 0.4} />}
    </Icon>
  );
}
