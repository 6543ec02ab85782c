import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../features/auth/components/auth-provider';
import { queryClient } from '../lib/query-client';

/**
 * Data and session for every screen. Mantine and the toasts live in the lazily loaded shell
 * (mantine-shell.tsx) so the landing page does not download them.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
