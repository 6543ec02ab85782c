import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import { DrawnWidth } from '../lib/drawn-width';
import { createQueryClient } from '../lib/query-client';

/** Renders a component inside the app's providers, on a router at `path`. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', ...options }: RenderOptions & { path?: string } = {},
) {
  const queryClient = createQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/**
 * The HTML the server draws for `ui` on a screen `width` CSS pixels wide (web/app/server-render.tsx
 * hands the width to the screens the same way): no effect runs, so this is the first frame.
 */
export function drawAtWidth(ui: ReactElement, width: number): HTMLElement {
  const queryClient = createQueryClient();
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme}>
        <DrawnWidth.Provider value={width}>
          <MemoryRouter>{ui}</MemoryRouter>
        </DrawnWidth.Provider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  const page = document.createElement('div');
  page.innerHTML = html;
  return page;
}
