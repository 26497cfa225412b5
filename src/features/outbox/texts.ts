/**
 * French texts of 'Envois en attente', verbatim. Kept out of src/i18n/fr.ts
 * because fr.ts is part of the login screen's JavaScript, and this screen
 * loads on demand (issue 14's budget).
 */
export const outboxTexts = {
  allSent: 'Tout est envoyé.',
  pendingOnDevice: (n: number) => `${n} envoi${n > 1 ? 's' : ''} en attente sur cet appareil.`,
  sendNow: 'Envoyer maintenant',
  exportAll: 'Exporter',
  outboxStatus: { pending: 'En attente', inflight: 'Envoi en cours', rejected: 'Refusé par le serveur' },
  recordedAt: (date: string, attempts: number) => `Enregistré le ${date} · ${attempts} tentative${attempts > 1 ? 's' : ''}`,
  waitsFor: (label: string) => ` · attend « ${label} »`,
  fileUploadProgress: (percent: number) => `Envoi du fichier : ${percent} %`,
  lastError: (message: string) => `Dernière erreur : ${message}`,
  refusedBecause: (text: string) => `Refusé : ${text}`,
  refusedHint: 'Ce qu’il changeait a été remis comme sur le serveur. Réessayez (après correction) ou abandonnez-le.',
  retry: 'Réessayer',
  discard: 'Abandonner',
  discardTitle: 'Abandonner cet envoi ?',
  discardText: (label: string) => `« ${label} » ne sera jamais envoyé et sera supprimé de cet appareil. Pensez à l'exporter si vous voulez le garder.`,
} as const;
