import { Badge, Button, Code, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAssignments } from '../../../api/assignments';
import { usePricingPlans, useVideoTypes } from '../../../api/pricing';
import { useTeam } from '../../../api/users';
import { firstRunDone, type FirstRunStep } from './first-run';

const DONE_KEY = (userId: string) => `firstRunDone:${userId}`;

function readDone(userId: string): boolean {
  try {
    return localStorage.getItem(DONE_KEY(userId)) === 'true';
  } catch {
    return false;
  }
}

function writeDone(userId: string) {
  try {
    localStorage.setItem(DONE_KEY(userId), 'true');
  } catch {
    // Storage blocked: the card is worked out again from the data next time.
  }
}

interface StepInfo {
  title: string;
  text: string;
  action: string;
}

const STEPS: Record<FirstRunStep, StepInfo> = {
  people: {
    title: 'Add your people',
    text: 'Create accounts for your editors and clients (clients can also register themselves).',
    action: 'Add people',
  },
  assignments: {
    title: 'Assign editors to clients',
    text: 'An editor sees and works on the videos of the clients assigned to them.',
    action: 'Assign editors',
  },
  prices: {
    title: 'Set your prices',
    text: 'Give each video type its price, so completed work can be invoiced.',
    action: 'Set prices',
  },
};
const ORDER: FirstRunStep[] = ['people', 'assignments', 'prices'];

/**
 * The king's next steps on a new agency (issue 17): add people, assign editors, set prices,
 * each marked done from the data itself. Once all are done the card goes for good (kept in
 * this browser, so a set-up agency never waits for these calls again). The team step opens
 * the team tab (`onOpenTeam`), where the New Assignment button is.
 */
export function FirstRunCard({ userId, onOpenTeam }: { userId: string; onOpenTeam: () => void }) {
  const [finished, setFinished] = useState(() => readDone(userId));
  if (finished) return null;
  return (
    <FirstRunSteps
      onOpenTeam={onOpenTeam}
      onFinished={() => {
        writeDone(userId);
        setFinished(true);
      }}
    />
  );
}

function FirstRunSteps({
  onOpenTeam,
  onFinished,
}: {
  onOpenTeam: () => void;
  onFinished: () => void;
}) {
  const team = useTeam();
  const assignments = useAssignments();
  const types = useVideoTypes();
  const plans = usePricingPlans();
  const done =
    team.data && assignments.data && types.data && plans.data
      ? firstRunDone({
          roles: team.data.map((u) => u.role),
          assignments: assignments.data.statistics.totalAssignments,
          prices: [
            ...types.data.map((t) => t.defaultPrice ?? '0.00'),
            ...plans.data.flatMap((p) => p.rules.map((r) => r.price)),
          ],
        })
      : null;
  const allDone = done !== null && ORDER.every((step) => done[step]);
  useEffect(() => {
    if (allDone) onFinished();
  }, [allDone, onFinished]);

  if ([team, assignments, types, plans].some((q) => q.isError) || allDone) return null;
  // While the facts load the card is drawn with placeholders where they go, so it does not
  // move the page when they arrive.
  const left = done && ORDER.filter((step) => !done[step]).length;
  const pending = <Skeleton h={20} w={64} radius="xl" aria-hidden="true" />;

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="first-run-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="first-run-title">
            Set up your agency
          </Title>
          {left === null ? (
            pending
          ) : (
            <Text size="sm" c="dimmed">
              {left === 1 ? '1 step left' : `${left} steps left`}
            </Text>
          )}
        </Group>
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {ORDER.map((step, index) => {
            const info = STEPS[step];
            return (
              <Group
                key={step}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                data-testid={`first-run-${step}`}
              >
                <div style={{ flex: '1 1 16rem' }}>
                  <Group gap="xs">
                    <Text fw={600}>
                      {index + 1}. {info.title}
                    </Text>
                    {done === null ? (
                      pending
                    ) : (
                      <Badge color={done[step] ? 'teal.9' : 'gray.7'} variant="filled">
                        {done[step] ? 'Done' : 'To do'}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {info.text}
                  </Text>
                </div>
                {step === 'assignments' ? (
                  <Button
                    size="xs"
                    variant={done?.[step] ? 'default' : 'filled'}
                    onClick={onOpenTeam}
                  >
                    {info.action}
                  </Button>
                ) : (
                  <Button
                    size="xs"
                    variant={done?.[step] ? 'default' : 'filled'}
                    component={Link}
                    to={step === 'people' ? '/admin' : '/invoicing'}
                  >
                    {info.action}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
        <Text size="sm" c="dimmed">
          Just looking around? Start the app with <Code>npm run demo</Code> to load a sample agency.
        </Text>
      </Stack>
    </Paper>
  );
}
