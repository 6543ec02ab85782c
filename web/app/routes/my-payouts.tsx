import { MyPayoutsPage } from '../../features/invoicing/components/my-payouts-page';

/** /payouts: an editor's own payout statements (issue 44). */
export const MyPayoutsRoute = () => <MyPayoutsPage />;
