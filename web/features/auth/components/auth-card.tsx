import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BackLink } from '../../../components/back-link';
import { IconVideo } from '../../../components/icons';

interface AuthCardProps {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  /** The line under the card, e.g. the link to the other auth screen. */
  footer: ReactNode;
}

/** The page frame of the sign-in and registration screens. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Box component="main" bg="gray.0" mih="100dvh">
      <Center mih="100dvh" px="md" py={{ base: 'lg', sm: 'xl' }}>
        <Stack w="100%" maw={440} gap="md">
          <BackLink />
          <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="lg">
              <Stack gap={6} align="center" ta="center">
                <Box c="violet.7" aria-hidden="true">
                  <IconVideo size={32} />
                </Box>
                <Title order={1} fz={{ base: 24, sm: 28 }}>
                  {title}
                </Title>
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              </Stack>
              {children}
            </Stack>
          </Paper>
          <Text ta="center" size="sm" c="dimmed">
            {footer}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
