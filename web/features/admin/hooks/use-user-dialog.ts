import type { PublicUser } from '@domain/user';
import { useLastDefined } from './use-last-defined';

/** What User Management gives each dialog about one user. */
export interface UserDialogProps {
  /** The user the dialog is about; null when closed. */
  user: PublicUser | null;
  onClose: () => void;
}

/**
 * A dialog about the selected user (Edit User, Reset Password, Delete User): open while one is
 * selected, guarded while its call is `pending`, and still showing that `user` while it closes.
 */
export function useUserDialog({ user: selected, onClose }: UserDialogProps, pending: boolean) {
  const user = useLastDefined(selected);
  return { user, dialog: { opened: selected !== null, onClose, pending } };
}
