import { useState } from 'react';
import { ClientDashboard } from '../../features/client-dashboard/components/client-dashboard';
import { AddVideoDialog } from '../../features/videos/components/lazy-dialogs';

/** The client dashboard with the Add Video dialog its empty list offers. */
export function ClientDashboardScreen() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <ClientDashboard onAddVideo={() => setAdding(true)} />
      <AddVideoDialog opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
