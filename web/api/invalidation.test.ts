import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { adminKeys, invalidateAdmin } from './admin';
import { agencyKeys, invalidateAgency } from './agency';
import { assignmentKeys, invalidateAssignments } from './assignments';
import { clientBillingKeys, invalidateClientBilling } from './client-billing';
import { clientKeys, invalidateClients } from './clients';
import { editorKeys, invalidateEditors } from './editors';
import { invalidateInvoices, invoiceKeys } from './invoices';
import { invalidateInvoicing, invoicingKeys } from './invoicing';
import { invalidateLead, leadKeys } from './lead';
import { invalidatePricing, pricingKeys } from './pricing';
import { invalidateRetainers, retainerKeys } from './retainers';
import { marginKeys } from './margin';
import { invalidateRevenue, revenueKeys } from './revenue';

/** One read of every endpoint of these resources, with parameters where it takes some. */
const READS: Record<string, QueryKey[]> = {
  admin: [adminKeys.stats, adminKeys.users],
  assignments: [assignmentKeys.all],
  clients: [clientKeys.all, clientKeys.mine],
  editors: [editorKeys.all, editorKeys.mine],
  lead: [
    leadKeys.summary({}),
    leadKeys.summary({ clientId: 'c1', q: 'intro' }),
    leadKeys.turnaround({}),
    leadKeys.turnaround({ from: '2026-01-01', to: '2026-01-31' }),
  ],
  invoicing: [invoicingKeys.rows({}), invoicingKeys.rows({ dateFilter: 'all', clientId: 'c1' })],
  pricing: [
    pricingKeys.videoTypes,
    pricingKeys.clientPricing,
    pricingKeys.clientPricingDetail('c1'),
    pricingKeys.plans,
  ],
  revenue: [
    revenueKeys.summary('2025-01'),
    revenueKeys.trends('2024-08', '2025-01'),
    revenueKeys.breakdown('2025-01'),
    revenueKeys.aging,
    marginKeys.report({ by: 'client' }),
    marginKeys.report({ by: 'video', from: '2024-08', to: '2025-01' }),
  ],
  agency: [agencyKeys.details],
  clientBilling: [clientBillingKeys.one('c1')],
  retainers: [retainerKeys.month('2025-01'), retainerKeys.client('c1'), retainerKeys.mine],
  invoices: [
    invoiceKeys.list,
    invoiceKeys.byStatus('overdue'),
    invoiceKeys.one('i1'),
    invoiceKeys.preview('c1'),
    invoiceKeys.mine,
    invoiceKeys.myOne('i1'),
  ],
};

const INVALIDATE: Record<string, (queryClient: QueryClient) => Promise<unknown>> = {
  admin: invalidateAdmin,
  assignments: invalidateAssignments,
  clients: invalidateClients,
  editors: invalidateEditors,
  lead: invalidateLead,
  invoicing: invalidateInvoicing,
  pricing: invalidatePricing,
  revenue: invalidateRevenue,
  agency: invalidateAgency,
  clientBilling: invalidateClientBilling,
  retainers: invalidateRetainers,
  invoices: invalidateInvoices,
};

describe('web/api query keys', () => {
  it('start with the GET path they read', () => {
    for (const key of Object.values(READS).flat()) {
      expect(String(key[0]), JSON.stringify(key)).toMatch(/^\/api\/[a-z]/);
    }
  });

  for (const [resource, invalidate] of Object.entries(INVALIDATE)) {
    it(`invalidate ${resource}: every read of it is read again, nothing of another resource`, async () => {
      const queryClient = new QueryClient();
      for (const key of Object.values(READS).flat()) queryClient.setQueryData(key, 'cached');
      await invalidate(queryClient);
      const invalidated = (key: QueryKey) =>
        queryClient.getQueryCache().find({ queryKey: key, exact: true })?.state.isInvalidated;
      for (const [other, keys] of Object.entries(READS)) {
        for (const key of keys) {
          expect(invalidated(key), `${resource} → ${JSON.stringify(key)}`).toBe(other === resource);
        }
      }
    });
  }
});
