import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>{children}</BrowserRouter>
      {/* SPEC §5: toasts at the top right, closing after 5 s. */}
      <Toaster position="top-right" duration={5000} richColors closeButton />
    </QueryClientProvider>
  );
}
