/** What the route guards say (router.tsx): a module the user's roles do not open. */
export const guardTexts = {
  moduleForbidden: "Vous n'avez pas accès à ce module.",
} as const;
