/**
 * French texts of /mon-compte, verbatim. Kept out of src/i18n/fr.ts because
 * fr.ts is part of the login screen's JavaScript, and this screen loads on
 * demand (issue 14's budget).
 */
export const accountTexts = {
  emailReadOnly: "L'e-mail ne peut pas être modifié.",
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  storageUsage: (used: string, quota: string) => `Stockage de l'appareil : ${used} utilisés sur ${quota}`,
  storageKept: ' (conservé par le navigateur)',
  // « Données hors ligne » (issue 20): what the offline briefcase keeps on this device.
  offlineTitle: 'Données hors ligne',
  offlineIntro: 'Vos demandes et leurs détails sont téléchargés sur cet appareil pour être consultés sans réseau.',
  offlineContents: 'Sur cet appareil',
  modules: { interventions: 'Interventions', os: 'OS', echopark: 'Demandes Echopark', visits: 'Visites' },
  count: (n: number) => n.toLocaleString('fr-FR'),
  mediaSize: (used: string, budget: string) => `Photos et documents : ${used} sur ${budget} autorisés`,
  saveData: 'Économie de données activée : les photos et documents ne sont pas téléchargés.',
  lastPass: (date: string) => `Dernière mise à jour complète : ${date}`,
  lastPassNever: 'Pas encore de mise à jour complète sur cet appareil.',
  running: (done: number, total: number) => `Mise à jour en cours… ${done}/${total}`,
  paused: (done: number, total: number) => `Mise à jour en pause (hors ligne) : ${done}/${total}, elle reprendra au retour du réseau.`,
  progressLabel: 'Progression de la mise à jour hors ligne',
  updateNow: 'Mettre à jour maintenant',
  backgroundWorker: 'Envoi en arrière-plan : actif',
  backgroundPages: 'Les modifications sont envoyées quand l’application est ouverte.',
} as const;
