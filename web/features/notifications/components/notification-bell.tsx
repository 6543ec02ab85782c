/** The header's notifications bell: built by the notifications issue. */
export function NotificationBell() {
  return null;
}
