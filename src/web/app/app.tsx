import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { LanguageDirection } from '../components/layout/language-direction.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { AccessGate } from '../features/access-gate/access-gate.tsx';
import { AppRoutes } from './routes.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageDirection>
        <AccessGate>
          <AppRoutes />
        </AccessGate>
        <Toaster />
      </LanguageDirection>
    </QueryClientProvider>
  );
}
