import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../hooks/use-auth';
import { useUploadAvatar } from '../../api/users';
import { getErrorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AvatarProblem, compressAvatar } from './compress-avatar';

/**
 * Log out (the avatar menu, the phone menu, the profile's button): the toast, then / whether or
 * not the server answered. `leaving` stays true from the click on: the screen is left anyway.
 */
export function useLogOut() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const logOut = async () => {
    setLeaving(true);
    try {
      await logout();
      notifySuccess('Logged out', 'See you soon.');
    } catch (error) {
      notifyError('Logout failed', getErrorMessage(error, 'Could not reach the server'));
    } finally {
      void navigate('/');
    }
  };

  return { leaving, logOut };
}

/** What the avatar menu and the phone menu do: upload an avatar, refresh, log out. */
export function useAccountActions() {
  const { user, refresh } = useAuth();
  const { leaving, logOut } = useLogOut();
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const dataUrl = await compressAvatar(file);
      await upload.mutateAsync(dataUrl);
      await refresh();
      notifySuccess('Avatar updated!', 'Your new picture is saved.');
    } catch (error) {
      if (error instanceof AvatarProblem) notifyError(error.title, error.message);
      else notifyError('Upload failed', getErrorMessage(error, 'Could not save the avatar'));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const refreshAccount = async () => {
    try {
      await refresh();
      notifySuccess('Account refreshed!', 'Your account details are up to date.');
    } catch (error) {
      notifyError('Refresh failed', error instanceof Error ? error.message : 'Please try again');
    }
  };

  return {
    user,
    fileInput,
    uploading,
    leaving,
    chooseAvatar: () => fileInput.current?.click(),
    onFile,
    refreshAccount,
    logOut,
  };
}
