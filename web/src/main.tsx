import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders';
import { router } from './app/router';
import { removePrerenderedHead } from './ui/document-title';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
removePrerenderedHead();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
