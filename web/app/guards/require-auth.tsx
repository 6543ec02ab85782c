import { Button } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { IconLock } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { MessageScreen } from '../../components/message-screen';
import { useAuth } from '../../hooks/use-auth';

/** The route guard of SPEC.md section 2: signed-in users only. */
export function RequireAuth() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingState label="Loading..." standalone />;
  if (!user) {
    return (
      <MessageScreen
        title="Authentication Required"
        icon={<IconLock size={26} />}
        actions={
          <>
            <Button component={Link} to="/login">
              Sign In
            </Button>
            <Button component={Link} to="/register" variant="default">
              Create Account
            </Button>
          </>
        }
      >
        You need to be logged in to access this page.
      </MessageScreen>
    );
  }
  return <Outlet />;
}
