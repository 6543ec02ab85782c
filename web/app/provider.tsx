import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PublicUser } from '@domain/user';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { DrawnAt } from '../lib/clock';
import { DrawnWidth } from '../lib/drawn-width';
import { queryClient } from '../lib/query-client';

/**
 * Data and session for every screen. Mantine and the toasts live in the lazily loaded shell
 * (mantine-shell.tsx) so the landing page does not download them. A page the server draws
 * (server-render.tsx) and the browser's hydration of it name the server-checked user, the
 * width drawn for and the moment drawn at; the server also brings its own query client, one per page.
 */
export function AppProvider({
  children,
  client = queryClient,
  checkedUser = null,
  drawnWidth = null,
  drawnAt = null,
}: {
  children: ReactNode;
  client?: QueryClient;
  checkedUser?: PublicUser | null;
  drawnWidth?: number | null;
  drawnAt?: number | null;
}) {
  return (
    <QueryClientProvider client={client}>
      <DrawnWidth.Provider value={drawnWidth}>
        <DrawnAt.Provider value={drawnAt}>
          <AuthProvider checked={checkedUser}>{children}</AuthProvider>
        </DrawnAt.Provider>
      </DrawnWidth.Provider>
    </QueryClientProvider>
  );
}
