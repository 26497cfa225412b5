/** Texts of the sign-out warning (loaded with it, not with the login screen). */
const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

export const signOutTexts = {
  title: 'Se déconnecter ?',
  /** Kept word for word from the earlier warning: people (and scripts) read it. */
  queued: (n: number) => `${n} envoi${n > 1 ? 's' : ''} en attente ${n > 1 ? "n'ont" : "n'a"} pas encore été reçu${n > 1 ? 's' : ''} par le serveur.`,
  refused: (n: number) => `${n} envoi${n > 1 ? 's' : ''} ${plural(n, 'refusé par le serveur attend', 'refusés par le serveur attendent')} votre décision.`,
  drafts: (n: number) => `${n} ${plural(n, 'brouillon', 'brouillons')} ${plural(n, "n'a", "n'ont")} pas été ${plural(n, 'envoyé', 'envoyés')}.`,
  unsavedVisits: (n: number) => `${n} ${plural(n, 'visite commencée a', 'visites commencées ont')} des réponses non enregistrées.`,
  files: (n: number) =>
    `${n} ${plural(n, 'photo ou fichier', 'photos ou fichiers')} ${plural(n, "n'a", "n'ont")} pas encore été ${plural(n, 'envoyé', 'envoyés')}.`,
  loss: 'Si vous vous déconnectez, tout cela sera effacé de cet appareil. Envoyez-le ou exportez-le d’abord.',
  andMore: (n: number) => `et ${n} autre${n > 1 ? 's' : ''}`,
  sendNow: 'Envoyer maintenant',
  sending: 'Envoi en cours…',
  sendOffline: 'Hors ligne : l’envoi reprendra avec le réseau.',
  export: 'Exporter',
  signOutAnyway: 'Me déconnecter quand même',
  cancel: 'Annuler',
  listLabel: 'Ce qui n’est pas encore sur le serveur',
};
