import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders';
import { router } from './app/router';
import { rememberEmbedReferral } from './session/embed-referral';
import { removePrerenderedHead } from './ui/document-title';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
removePrerenderedHead();
// Before the router rewrites the address: an embedded card's Apply link (docs/embedding.md).
rememberEmbedReferral(window.location.search);

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
