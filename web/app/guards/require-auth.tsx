import { Button } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { signInPath } from '@domain/auth';
import { IconLock } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { MessageScreen } from '../../components/message-screen';
import { useAuth } from '../../hooks/use-auth';

/** The route guard of docs/product.md#screens: signed-in users only. */
export function RequireAuth() {
  const { user, isLoading } = useAuth();
  const { pathname, search, hash } = useLocation();
  if (isLoading) return <LoadingState label="Loading..." standalone />;
  if (!user) {
    return (
      <MessageScreen
        title="Authentication Required"
        icon={<IconLock size={26} />}
        actions={
          <>
            {/* Sign-in comes back here: an email's link keeps its video (issue 37). */}
            <Button component={Link} to={signInPath(`${pathname}${search}${hash}`)}>
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
