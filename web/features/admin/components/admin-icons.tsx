import { iconSet, IconUsers, type IconProps } from '../../../components/icons';

// The admin screens' line icons (18 px): the shared ones, then their own, by name.
export { IconPlus, IconSearch, IconTrash } from '../../../components/videos/video-icons';

const icon = iconSet(18);

export const IconActivity = icon(<path d="M22 12h-4l-3 9L9 3l-3 9H2" />);
export const IconChevron = icon(<path d="m9 18 6-6-6-6" />);
export const IconEdit = icon(
  <path d="M12 20h9" />,
  <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />,
);
export const IconFilm = icon(
  <rect x="2" y="4" width="20" height="16" rx="2" />,
  <path d="M7 4v16M17 4v16M2 9h5M2 15h5M17 9h5M17 15h5" />,
);
export const IconKey = icon(
  <circle cx="7.5" cy="15.5" r="5.5" />,
  <path d="m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3" />,
);
export const IconMail = icon(<path d="M3 5h18v14H3z m0 0 9 8 9-8" />);
export const IconShield = icon(<path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />);
export const IconStar = icon(
  <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1Z" />,
);

/** The landing page's users icon at this set's size. */
export const IconUsersGroup = (p: IconProps) => <IconUsers size={18} {...p} />;
