import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { isAdmin } from '@domain/roles';
import { IconLock } from '../../components/icons';
import { LoadingState } from '../../components/loading-state';
import { MessageScreen } from '../../components/message-screen';
import { useAuth } from '../../hooks/use-auth';
import { KING_REDIRECT_DELAY_MS } from './king-redirect';

/**
 * The King-only guard (docs/product.md#screens). Users with isAdmin 'true' count as king here, as the
 * invoicing views treat them (docs/product.md#roles, "Pages"); domain isAdmin() is exactly that rule.
 */
export function RequireKing() {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const allowed = user !== null && isAdmin(user);

  useEffect(() => {
    if (isLoading || allowed) return;
    const timer = setTimeout(
      () => void navigate('/dashboard', { replace: true }),
      KING_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [isLoading, allowed, navigate]);

  if (isLoading) return <LoadingState label="Verifying King privileges..." standalone />;
  if (!allowed) {
    return (
      <MessageScreen title="King Access Required" icon={<IconLock size={26} />} color="red">
        This page requires King privileges. Redirecting...
      </MessageScreen>
    );
  }
  return <Outlet />;
}
