import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { queryClient } from './lib/api/query-client';
import { router } from './app/router';
import { SessionProvider } from './lib/session/SessionProvider';
import './ui/tokens.css';
import './ui/global.css';

const TOAST_DURATION_MS = 3500;

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <Toaster position="top-right" closeButton duration={TOAST_DURATION_MS} />
    </QueryClientProvider>
  </StrictMode>,
);
