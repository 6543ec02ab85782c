import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Preferences } from '@domain/preferences';
import type { PublicUser } from '@domain/user';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { DrawnAt, DrawnPreferences } from '../lib/drawn-page';
import { DrawnWidth } from '../lib/drawn-width';
import { queryClient } from '../lib/query-client';

/**
 * Data and session for every screen. Mantine and the toasts live in the lazily loaded shell
 * (mantine-shell.tsx) so the landing page does not download them. A page the server draws
 * (server-render.tsx) and the browser's hydration of it name the server-checked user, the
 * width drawn for, the moment drawn at and the preferences drawn with; the server also brings
 * its own query client, one per page.
 */
export function AppProvider({
  children,
  client = queryClient,
  checkedUser = null,
  drawnWidth = null,
  drawnAt = null,
  drawnPreferences = null,
}: {
  children: ReactNode;
  client?: QueryClient;
  checkedUser?: PublicUser | null;
  drawnWidth?: number | null;
  drawnAt?: number | null;
  drawnPreferences?: Preferences | null;
}) {
  return (
    <QueryClientProvider client={client}>
      <DrawnWidth.Provider value={drawnWidth}>
        <DrawnAt.Provider value={drawnAt}>
          <DrawnPreferences.Provider value={drawnPreferences}>
            <AuthProvider checked={checkedUser}>{children}</AuthProvider>
          </DrawnPreferences.Provider>
        </DrawnAt.Provider>
      </DrawnWidth.Provider>
    </QueryClientProvider>
  );
}
