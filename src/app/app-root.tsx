/**
 * The app itself: the router over the route tree (router.tsx, evaluated with this module), then its
 * first render. The entry (main.tsx) imports this module after React's DOM and the libraries it
 * needs; creating the router and rendering are two more tasks of their own.
 */
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { yieldToPage } from '../../sync/index';
import { createAppRouter } from './router';

export async function startApp(root: Root): Promise<void> {
  // Creating the router reads the location, sets up the history and indexes the route tree: a task
  // of its own, apart from the route tree's evaluation.
  await yieldToPage();
  const router = createAppRouter();
  await yieldToPage();
  // The first render in a transition: React draws the shell and the first screen in slices, giving the
  // browser its turn between them, instead of one long task at page load (Lighthouse's blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}
