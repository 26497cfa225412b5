/**
 * Why an echopark creation is refused (spec part 2: a translated key): `data.reason` is one of
 * these translation keys, French text here. The real backend answers a refusal
 * in a 2xx answer with `{ data: { reason } }` and no id; the reference server
 * does so for a closed domain and answers malformed requests with an HTTP 400
 * whose body is `{ data: { reason }, message, description }`. A module of its own
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
  echoparkDomainClosed: "Ce domaine n'accepte plus de nouvelles demandes dans votre communauté pour le moment.",
} as const;
export type EchoparkReason = keyof typeof ECHOPARK_REASONS;

/** A reason this version does not know (a newer backend's): said plainly rather than as a raw key. */
export const ECHOPARK_UNKNOWN_REASON = 'Le serveur a refusé la demande.';

/** The French text of a creation's `data.reason`. */
export const echoparkReasonText = (reason: string): string =>
  Object.hasOwn(ECHOPARK_REASONS, reason) ? ECHOPARK_REASONS[reason as EchoparkReason] : ECHOPARK_UNKNOWN_REASON;
