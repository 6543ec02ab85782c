import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconArrowLeft } from '../../../components/icons';
import { pageTitle } from '../../../lib/site';
import { currentMonth } from '../lib/format';
import { ClientPricingCard } from './client-pricing-card';
import { CompletedVideos } from './completed-videos';
import { PricingPlansCard } from './pricing-plans-card';
import {
  RevenueBreakdownCard,
  RevenueCards,
  RevenueTrends,
  UnpaidAgingCard,
} from './revenue-section';
import { VideoTypePricingCard } from './video-type-pricing-card';

/** /invoicing (king only): revenue, prices and plans, and the payment of completed videos. */
export function InvoicingPage() {
  useDocumentTitle(pageTitle('Invoicing Dashboard'));
  const [month, setMonth] = useState(currentMonth());
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Invoicing Dashboard
          </Title>
          <Text c="dimmed" size="sm">
            Revenue, prices and payments. Amounts in US dollars.
          </Text>
        </Stack>
        <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Back
        </Button>
      </Group>
      <RevenueCards month={month} onMonthChange={setMonth} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <RevenueTrends />
        <Stack gap="lg">
          <RevenueBreakdownCard month={month} />
          <UnpaidAgingCard />
        </Stack>
      </SimpleGrid>
      <VideoTypePricingCard />
      <ClientPricingCard />
      <PricingPlansCard />
      <CompletedVideos />
    </Stack>
  );
}
