/**
 * The app itself: the route tree with its shell and session, created when this module is evaluated.
 * The entry (main.tsx) imports it after React's DOM, so the two are evaluated in two tasks.
 */
import { StrictMode } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './router';

const router = createAppRouter();

export function AppRoot() {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
