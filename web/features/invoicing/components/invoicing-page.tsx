import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconArrowLeft } from '../../../components/icons';
import { pageTitle } from '../../../lib/site';
import { currentMonth } from '../lib/format';
import { ClientPricingCard } from './client-pricing-card';
import { CompletedVideos } from './completed-videos';
import { AgencyDetailsCard } from './agency-details-card';
import { InvoiceViewDialog } from './invoice-dialogs';
import { InvoicesCard, OverdueInvoices } from './invoices-card';
import { MarginSection } from './margin-section';
import { PricingPlansCard } from './pricing-plans-card';
import {
  RevenueBreakdownCard,
  RevenueCards,
  RevenueTrends,
  UnpaidAgingCard,
} from './revenue-section';
import { RetainersCard } from './retainers-card';
import { VideoTypePricingCard } from './video-type-pricing-card';
import { PayoutsSection } from './payouts-section';

/**
 * /invoicing (king only): revenue, invoices and retainers, prices and plans, the payment of
 * completed videos, and the agency's details.
 */
export function InvoicingPage() {
  useDocumentTitle(pageTitle('Invoicing Dashboard'));
  const [month, setMonth] = useState(currentMonth());
  const [openInvoice, setOpenInvoice] = useState<string | null>(null);
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Invoicing Dashboard
          </Title>
          <Text c="dimmed" size="sm">
            Revenue, prices, payments and invoices. Amounts in US dollars; invoices in the
            agency&apos;s currency.
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
          <UnpaidAgingCard>
            <OverdueInvoices onOpen={setOpenInvoice} />
          </UnpaidAgingCard>
        </Stack>
      </SimpleGrid>
      <MarginSection />
      <InvoicesCard onOpen={setOpenInvoice} />
      <RetainersCard />
      <PayoutsSection />
      <VideoTypePricingCard />
      <ClientPricingCard />
      <PricingPlansCard />
      <CompletedVideos />
      <AgencyDetailsCard />
      <InvoiceViewDialog id={openInvoice} onClose={() => setOpenInvoice(null)} />
    </Stack>
  );
}
