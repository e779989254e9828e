import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './lib/api/query-client';
import { router } from './app/router';
import { SessionProvider } from './lib/session/SessionProvider';
import './ui/tokens.css';
import './ui/global.css';

const TOAST_DURATION_MS = 3500;
// Not needed to show a page, so not in the first load (/login's budget); a toast raised before it loads shows once it has.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Suspense fallback={null}>
        <Toaster position="top-right" closeButton duration={TOAST_DURATION_MS} />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);
