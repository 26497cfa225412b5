/** Entry point: mounts the router. Everything else starts from the root layout. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './app/router';
import './app/styles.css';
import './ui/shared.css';
import './ui/kit-styles';
import './services/install';

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
