import { Alert, Anchor } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signInReturnPath } from '@domain/auth';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { pageTitle } from '../../lib/site';

/** Why the visitor was sent here, e.g. from /profile while signed out. */
export interface LoginLocationState {
  notice?: string;
}

export function LoginRoute() {
  useDocumentTitle(pageTitle('Sign in'));
  const navigate = useNavigate();
  const notice = (useLocation().state as LoginLocationState | null)?.notice;
  // Where the visitor was going (the guard's `?next=`), if it is an address of the app.
  const next = signInReturnPath(useSearchParams()[0].get('next'));

  return (
    <AuthCard
      title="Log in to your account"
      subtitle="Pick up your videos where you left off."
      footer={
        <>
          New here?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      {notice && (
        <Alert color="violet" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <LoginForm
        // The king goes through /king, which sends everyone on to /dashboard.
        onSuccess={(user) => void navigate(next ?? (user.role === 'king' ? '/king' : '/dashboard'))}
      />
    </AuthCard>
  );
}
