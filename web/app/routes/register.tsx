import { Anchor } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { pageTitle } from '../../lib/site';

export function RegisterRoute() {
  useDocumentTitle(pageTitle('Create an account'));
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Create your account"
      subtitle="Join as a client and track every video from draft to posted"
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      <RegisterForm onSuccess={() => void navigate('/login')} />
    </AuthCard>
  );
}
