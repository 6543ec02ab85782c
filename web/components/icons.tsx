import { createElement, type ReactElement, type SVGProps } from 'react';

/**
 * Line icons (24x24, stroke) so no icon library ships with the first page. Every set (this one,
 * the 18 px videos/video-icons, the admin and invoicing sets) draws on `Icon` through `iconSet`,
 * by name; a drawing lives in one set only and the others re-export it. All are decorative: the
 * control around them carries the name.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** A set's icon maker: `icon(...shapes)` draws the shapes on `Icon`, `size` px unless told. */
export function iconSet(size: number) {
  return (...shapes: ReactElement[]) =>
    (props: IconProps) =>
      createElement(Icon, { size, ...props }, ...shapes);
}

const icon = iconSet(20);

export const IconArrowLeft = icon(<path d="M19 12H5M12 19l-7-7 7-7" />);
export const IconCalendar = icon(
  <rect x="3" y="4" width="18" height="18" rx="2" />,
  <path d="M16 2v4M8 2v4M3 10h18" />,
);
export const IconLock = icon(
  <rect x="3" y="11" width="18" height="11" rx="2" />,
  <path d="M7 11V7a5 5 0 0 1 10 0v4" />,
);
export const IconMessage = icon(
  <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />,
);
export const IconReceipt = icon(
  <path d="M4 2v20l2-1 2 1 2-1 2 1 2-1 2 1 2-1 2 1V2l-2 1-2-1-2 1-2-1-2 1-2-1-2 1Z" />,
  <path d="M16 8h-6a2 2 0 1 0 0 4h4a2 2 0 1 1 0 4H8M12 17.5v-11" />,
);
export const IconUsers = icon(
  <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />,
  <circle cx="9" cy="7" r="4" />,
  <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />,
);
export const IconVideo = icon(
  <rect x="2" y="6" width="14" height="12" rx="2" />,
  <path d="m22 8-6 4 6 4V8z" />,
);
