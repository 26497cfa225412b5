/** Entry point: mounts the router. Everything else starts from the root layout. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './app/router';
import './app/styles.css';
import './ui/shared.css';
import './ui/kit-styles';
import './services/install';

const router = createAppRouter();

const root = createRoot(document.getElementById('root')!);
// The first render in a transition: React draws the shell and the first screen in slices, giving the
// browser its turn between them, instead of one long task at page load (Lighthouse's blocking time).
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
);
