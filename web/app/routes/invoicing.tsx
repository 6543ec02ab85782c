import { InvoicingPage } from '../../features/invoicing/components/invoicing-page';

/** /invoicing, behind the king guard (router.tsx). */
export const InvoicingRoute = () => <InvoicingPage />;
