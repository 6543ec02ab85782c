import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { IconMessage, IconReceipt, IconUsers, IconVideo } from '../../components/icons';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { SITE } from '../../lib/site';

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Track every video',
    text: 'Follow each video from draft through review to ready to post and posted, with due dates and day counters.',
    icon: <IconVideo />,
  },
  {
    title: 'Work as one team',
    text: 'Assign editors to clients, hand work to lead editors for review and keep everyone on the same page.',
    icon: <IconUsers />,
  },
  {
    title: 'Talk where the work is',
    text: 'Comment on a video, @mention a teammate and get notified the moment something needs you.',
    icon: <IconMessage />,
  },
  {
    title: 'Bill with confidence',
    text: 'Prices per video type and per client, paid and unpaid work at a glance, and monthly revenue trends.',
    icon: <IconReceipt />,
  },
];

/** The public landing page (SPEC.md section 1). Signed-in visitors go straight to /dashboard. */
export function LandingRoute() {
  const { user } = useAuth();
  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" py="md">
        <Container size="lg">
          <Group gap={8} c="violet.8">
            <IconVideo size={26} />
            <Text fw={800} fz="lg" c="dark.8">
              {SITE.name}
            </Text>
          </Group>
        </Container>
      </Box>

      <Box component="main" style={{ flex: 1 }}>
        <Box
          component="section"
          aria-labelledby="landing-title"
          pt={{ base: 48, sm: 96 }}
          pb={{ base: 32, sm: 48 }}
          style={{
            background:
              'radial-gradient(1200px 400px at 50% 0%, var(--mantine-color-violet-0), transparent 70%)',
          }}
        >
          <Container size="md">
            <Stack align="center" ta="center" gap="lg">
              <Title id="landing-title" order={1} fz={{ base: 34, sm: 52 }} lh={1.1} maw={760}>
                Video production, from first draft to posted
              </Title>
              <Text fz={{ base: 'md', sm: 'xl' }} c="dimmed" maw={620}>
                One workspace for clients, editors and lead editors to plan, review and deliver
                every video. Created by {SITE.creatorName}.
              </Text>
              <Group justify="center" gap="md" mt="sm">
                <Button component={Link} to="/register" size="lg">
                  Get Started
                </Button>
                <Button component={Link} to="/login" size="lg" variant="default">
                  Sign In
                </Button>
              </Group>
            </Stack>
          </Container>
        </Box>

        <Box component="section" aria-labelledby="features-title" py={{ base: 48, sm: 64 }}>
          <Container size="lg">
            <Stack gap="xl">
              <Stack gap="xs" align="center" ta="center">
                <Title id="features-title" order={2} fz={{ base: 26, sm: 34 }}>
                  Everything you need to manage video production
                </Title>
                <Text c="dimmed" maw={620}>
                  Built for agencies and communities that turn raw footage into posted videos, week
                  after week.
                </Text>
              </Stack>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
                {FEATURES.map((feature) => (
                  <Card key={feature.title} withBorder padding="lg" shadow="xs">
                    <Stack gap="sm">
                      <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                        {feature.icon}
                      </ThemeIcon>
                      <Title order={3} fz="lg">
                        {feature.title}
                      </Title>
                      <Text c="dimmed" size="sm">
                        {feature.text}
                      </Text>
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          </Container>
        </Box>
      </Box>

      <Box
        component="footer"
        py="lg"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} {SITE.name}. All rights reserved.
            </Text>
            <Anchor
              href={SITE.creatorProfileUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
            >
              {SITE.creatorProfileLabel}
            </Anchor>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
