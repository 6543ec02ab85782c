import { Alert, Button, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { adminCountText } from '@domain/people';
import { isKing, type Actor } from '@domain/roles';
import { LoadingState } from '../../../components/loading-state';
import { pageTitle } from '../../../lib/site';
import { useAdminStats, useAdminUsers } from '../../../api/admin';
import {
  IconActivity,
  IconFilm,
  IconMail,
  IconShield,
  IconStar,
  IconUsersGroup,
} from './admin-icons';
import { AuditLog } from './audit-log';
import { EmailOutbox } from './email-outbox';
import { ImportPanel } from './import-panel';
import { ReviewRemindersSetting } from './review-reminders';
import { StatTile } from './stat-tile';
import { TwoFactorRequirementSetting } from './two-factor-requirement';
import { UserManagement } from './user-management';
import { VipManagement } from './vip-management';
import { WebhooksPanel } from './webhooks';
import classes from './admin-dashboard.module.css';

interface AdminDashboardProps {
  actor: Actor;
  /** Refreshes the signed-in user after they edited their own account. */
  onSavedSelf: () => void;
}

/**
 * /admin for admins: stats, User Management and VIP Management (docs/product.md#screens), and for the
 * king the email outbox (issue 19).
 */
export function AdminDashboard({ actor, onSavedSelf }: AdminDashboardProps) {
  useDocumentTitle(pageTitle('Admin Dashboard'));
  const stats = useAdminStats();
  const users = useAdminUsers();

  // Only a first read that failed replaces the dashboard: a later read that fails (a section
  // mounting reads the users again) keeps what is shown.
  const failure =
    stats.isError && !stats.data
      ? { text: 'Failed to fetch stats', retry: () => void stats.refetch() }
      : users.isError && !users.data
        ? { text: 'Failed to fetch users', retry: () => void users.refetch() }
        : null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Admin Dashboard
        </Title>
        <Text c="dimmed">Manage users and system settings</Text>
      </div>

      {failure ? (
        <Alert color="red" title={failure.text} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              The admin data could not be loaded. Check your connection and try again.
            </Text>
            <Button size="xs" variant="default" onClick={failure.retry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : !stats.data || !users.data ? (
        <LoadingState label="Loading admin dashboard" />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <StatTile
              label="Total Users"
              value={stats.data.userCount}
              hint={adminCountText(stats.data.adminCount)}
              icon={<IconUsersGroup />}
            />
            <StatTile
              label="Total Videos"
              value={stats.data.videoCount}
              hint="Across all users"
              icon={<IconFilm />}
              color="blue"
            />
            <StatTile
              label="System Health"
              value="Online"
              hint="All systems operational"
              icon={<IconActivity />}
              color="teal"
            />
          </SimpleGrid>

          <Tabs defaultValue="users" keepMounted={false}>
            <Tabs.List mb="md" className={classes.tabs}>
              <Tabs.Tab value="users" leftSection={<IconShield size={16} />}>
                User Management
              </Tabs.Tab>
              <Tabs.Tab value="vip" leftSection={<IconStar size={16} />}>
                VIP Management
              </Tabs.Tab>
              <Tabs.Tab value="import" leftSection={<IconUsersGroup size={16} />}>
                Import
              </Tabs.Tab>
              {isKing(actor) && (
                <Tabs.Tab value="email" leftSection={<IconMail size={16} />}>
                  Email
                </Tabs.Tab>
              )}
              {isKing(actor) && (
                <Tabs.Tab value="audit" leftSection={<IconShield size={16} />}>
                  Audit log
                </Tabs.Tab>
              )}
              {isKing(actor) && (
                <Tabs.Tab value="webhooks" leftSection={<IconActivity size={16} />}>
                  Webhooks
                </Tabs.Tab>
              )}
            </Tabs.List>
            <Tabs.Panel value="users">
              <Stack gap="md">
                {isKing(actor) && <TwoFactorRequirementSetting />}
                <UserManagement actor={actor} users={users.data} onSavedSelf={onSavedSelf} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="vip">
              <VipManagement users={users.data} />
            </Tabs.Panel>
            <Tabs.Panel value="import">
              <ImportPanel />
            </Tabs.Panel>
            {isKing(actor) && (
              <Tabs.Panel value="audit">
                <AuditLog />
              </Tabs.Panel>
            )}
            {isKing(actor) && (
              <Tabs.Panel value="email">
                <Stack gap="md">
                  <ReviewRemindersSetting />
                  <EmailOutbox />
                </Stack>
              </Tabs.Panel>
            )}
            {isKing(actor) && (
              <Tabs.Panel value="webhooks">
                <WebhooksPanel />
              </Tabs.Panel>
            )}
          </Tabs>
        </>
      )}
    </Stack>
  );
}
