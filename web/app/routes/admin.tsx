import { Anchor, Center } from '@mantine/core';
import { Link } from 'react-router';
import { isAdmin } from '@domain/roles';
import { IconLock } from '../../components/icons';
import { MessageCard } from '../../components/message-screen';
import { useAuth } from '../../hooks/use-auth';
import { AdminDashboard } from '../../features/admin/components/admin-dashboard';

/**
 * /admin: users whose isAdmin is 'true' (docs/product.md#screens); the king always counts as admin,
 * as the server rules it (docs/rules.md#who-may-do-what).
 */
export function AdminRoute() {
  const { user, refresh } = useAuth();
  if (!user || !isAdmin(user)) {
    return (
      <Center py="xl">
        <MessageCard
          title="Access Denied"
          icon={<IconLock size={26} />}
          color="red"
          actions={
            <Anchor component={Link} to="/" fw={500}>
              Back to home
            </Anchor>
          }
        >
          You need admin privileges to access this page.
        </MessageCard>
      </Center>
    );
  }
  return (
    <AdminDashboard
      actor={user}
      onSavedSelf={() => {
        refresh().catch((error: unknown) => console.error('Could not refresh the user', error));
      }}
    />
  );
}
