import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';
import { useResolvedTheme } from '../lib/theme';

/**
 * `Router`: the browser's history in the app; the component tests (src/testing/) pass a MemoryRouter
 * opened on the path under test, with every other provider as the app has it.
 */
export function AppProviders({
  children,
  Router = BrowserRouter,
}: {
  children: ReactNode;
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  const [queryClient] = useState(createQueryClient);
  const theme = useResolvedTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <Router>{children}</Router>
      {/*
        Toasts close after 5 s (product §5). They sit at the bottom right, not the top right: there they
        covered the bell and the user menu of the sticky header for those 5 s (product §2.2). Next to the
        Market Prices panel they move left of it (--toast-offset-right, index.css), and on phones they
        span the bottom, where nothing is fixed: the page scrolls out from under them.
      */}
      <Toaster
        position="bottom-right"
        theme={theme}
        duration={5000}
        richColors
        closeButton
        offset={{ top: 24, right: 'var(--toast-offset-right, 24px)', bottom: 24, left: 24 }}
      />
    </QueryClientProvider>
  );
}
