/**
 * Why an echopark creation is refused (spec part 2: a translated key): `data.reason` is one of
 * these translation keys, French text here. The refusal is an HTTP 400 whose
 * body is `{ data: { reason }, message, description }`. A module of its own
 * because sync/api/failure.ts translates them for every call, on the login
 * path too: the rest of the echopark contract (about 1.5 kB gzip) loads with
 * the screens and commands that use it.
 */
export const ECHOPARK_REASONS = {
  echoparkNoCommunity: "Vous n'appartenez à aucune communauté.",
  echoparkUnknownRequestType: "Ce type de demande n'existe pas.",
  echoparkUnknownDomain: "Ce domaine n'appartient pas au type de demande choisi.",
  echoparkRealEstateNotInCommunity: "Ce bien n'appartient pas à votre communauté.",
  echoparkNoRecipient: "Aucun destinataire n'est défini pour ce type de demande dans votre communauté.",
  echoparkMessageRequired: 'Le message de la demande est obligatoire.',
} as const;
export type EchoparkReason = keyof typeof ECHOPARK_REASONS;
