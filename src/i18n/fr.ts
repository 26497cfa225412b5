/**
 * The French texts shared by the app: the spec's catalogue, the login screen,
 * the shell, route titles. Keys are the spec's names where it gives one
 * (invalidParameters, fillAllFields, …) so that a reader can go from the spec
 * to the screen and back. This module is part of the login screen's
 * JavaScript: a screen that loads on demand keeps its own texts in its
 * feature's texts.ts (issue 14's budget).
 */
export const fr = {
  appName: 'Batipass Terrain',
  appShortName: 'Batipass',

  // Spec catalogue keys (part 1 §8, part 2 §5, §8)
  invalidParameters: 'Identifiants invalides',
  noNetwork: 'Aucune connexion internet',
  notValidEmail: "Le mail n'est pas valide",
  notValidGsm: "Le numéro de téléphone n'est pas valide",
  passwordDiff: 'Les deux mots de passe ne coïncident pas',
  fillAllFields: 'Complétez tous les champs',
  fieldRequired: 'Champ obligatoire',
  acceptCgu: "Vous devez accepter les conditions générales d'utilisation",
  invalidCode: 'Code non valide',
  needUpdate: "Mettre à jour la version pour continuer à l'utiliser.",
  passwordChanged: 'Mot de passe modifié',
  successSendContactForm: 'Votre demande a bien été envoyée. Nous vous répondrons sous 48 h.',
  successModifyAccount: 'Vos informations ont bien été modifiées.',
  screenFailedTitle: "Cet écran n'a pas pu s'afficher",
  screenFailedText: "Vérifiez la connexion, puis réessayez. Ce qui est déjà enregistré sur l'appareil n'est pas perdu.",
  retryScreen: 'Réessayer',
  engineNotLoaded: "L'application n'a pas fini de se charger sur l'appareil : rien n'a été enregistré, réessayez dès le retour du réseau.",
  savedOnDevice: "Modification enregistrée sur l'appareil : elle sera envoyée dès le retour du réseau.",
  genericError: 'Une erreur est survenue.',

  // Global error handler (part 2 §8.1)
  disconnectedTitle: 'Déconnecté',
  disconnectedText: 'Vous avez été déconnecté. Veuillez-vous reconnecter.',
  forbiddenTitle: 'Autorisation',
  forbiddenText: "Vous n'êtes pas autorisé à voir cette page",
  notFoundTitle: 'Page introuvable',
  errorTitle: 'Erreur',
  successTitle: 'Succès',

  // Login
  loginTitle: 'Connexion',
  loginIntro: 'Interventions, ordres de service et visites, même sans réseau.',
  email: 'E-mail',
  password: 'Mot de passe',
  connect: 'Se connecter',
  connecting: 'Connexion…',
  forgottenPasswordLink: 'Mot de passe oublié ?',
  dedicatedServerShow: 'Connexion à un serveur dédié ?',
  dedicatedServerHide: 'Masquer les options',
  serverUrl: 'Adresse du serveur',
  serverUrlHint: 'Par exemple https://api.mon-entreprise.fr',
  serverUrlPlaceholder: 'https://',
  serverUrlInvalid: "L'adresse doit commencer par http:// ou https://",
  contactLink: 'Pas encore de compte ? Contactez-nous',
  version: (v: string) => `Version ${v}`,

  // Forgotten password
  forgottenTitle: 'Mot de passe oublié',
  codeTitle: 'Code reçu',
  changeTitle: 'Choisir un mot de passe',
  backToLogin: 'Retour à la connexion',

  // Onboarding and first connection
  boardingSteps: [
    { title: 'Vos demandes, partout', text: "Suivez vos demandes d'intervention et vos ordres de service depuis votre téléphone." },
    { title: 'Même sans réseau', text: 'En sous-sol ou en chantier, tout ce que vous saisissez est gardé et envoyé dès le retour du réseau.' },
    { title: 'Vos visites sur le terrain', text: 'Téléchargez une visite, remplissez-la hors ligne, ajoutez vos photos, terminez-la en un geste.' },
  ],
  next: 'Suivant',
  stepOf: (i: number, n: number) => `Étape ${i} sur ${n}`,
  firstConnectTitle: 'Bienvenue',

  // Contact
  contactTitle: 'Nous contacter',
  firstname: 'Prénom',
  lastname: 'Nom',
  gsm: 'Téléphone',
  send: 'Envoyer',
  sending: 'Envoi…',

  // Shell
  skipToContent: 'Aller au contenu',
  mainNavigation: 'Navigation principale',
  home: 'Accueil',
  myAccount: 'Mon compte',
  logout: 'Déconnexion',
  menu: 'Menu',
  interventions: 'Interventions',
  os: 'OS',
  agenda: 'Agenda',
  conversations: 'Messages',
  visitDashboard: 'Tableau de bord',
  visitList: 'Visites',
  echoparkList: 'Demandes',
  unread: (n: number) => `${n} message${n > 1 ? 's' : ''} non lu${n > 1 ? 's' : ''}`,
  loading: 'Chargement…',
  offline: 'Hors ligne',
  online: 'En ligne',
  updateAvailable: 'Nouvelle version disponible',
  updateNow: 'Mettre à jour',
  later: 'Plus tard',
  install: "Installer l'application",
  close: 'Fermer',
  notFoundText: "Cette page n'existe pas ou plus.",
  goHome: "Retour à l'accueil",
  comingSoon: 'Cette section arrive dans une prochaine version.',
  cancel: 'Annuler',
  refreshedAt: (date: string) => `Actualisé le ${date}`,
  neverRefreshed: 'Pas encore actualisé depuis le serveur',
  // Issue 20: a list or tab never downloaded, offline (never « Aucun … »).
  notYetOffline: 'Pas encore disponible hors ligne',
  notYetSince: (date: string) => `Pas encore disponible hors ligne · fiche actualisée le ${date}`,
  // The first pass of the offline briefcase (shell indicator).
  briefcasePreparing: (done: number, total: number) => `Préparation du mode hors ligne… ${done}/${total}`,
  addPhotos: 'Ajouter des photos',
  removeFile: (name: string) => `Retirer ${name}`,
  keptTitle: 'Enregistré',

  // Unsent work: top bar chip, logout, 'Envois en attente' (spec part 2 §6)
  pendingTitle: 'Envois en attente',
  pendingCount: (n: number) => `${n} envoi${n > 1 ? 's' : ''} en attente`,
  rejectedCount: (n: number) => `${n} envoi${n > 1 ? 's' : ''} refusé${n > 1 ? 's' : ''}`,
  logoutConfirmTitle: 'Se déconnecter ?',
  logoutAnyway: 'Me déconnecter quand même',
  exportPending: 'Exporter les envois en attente',
  logoutLoss: (n: number) =>
    `${n} envoi${n > 1 ? 's' : ''} en attente ${n > 1 ? "n'ont" : "n'a"} pas encore été reçu${n > 1 ? 's' : ''} par le serveur. Si vous vous déconnectez, ${n > 1 ? 'ils seront perdus' : 'il sera perdu'}.`,
  sendRefusedTitle: 'Envoi refusé',
  sendRefused: (label: string, message: string | undefined) => `${label} : ${message ?? 'refusé par le serveur'}`,

  // Module names (home cards and route titles)
  cardEchopark: 'Echopark',
  cardInterventions: 'Interventions',
  cardOs: 'Ordres de service',
  cardVisits: 'Visites',

  accountTitle: 'Mon compte',

  // Photos picked for upload
  preparingPhotos: (n: number) => (n > 1 ? `Préparation de ${n} photos…` : 'Préparation de la photo…'),
  unreadablePhoto: (name: string) => `La photo « ${name} » ne peut pas être lue : le fichier est abîmé ou n’est pas une image. Choisissez-en une autre.`,
  /** A picked file that is not an image, outside the intervention tunnel (spec part 1 §5). */
  pictureNeeded: 'Merci de rajouter une image',
  /** The tree picker of the intervention and OS tunnels (src/ui/tree-picker.tsx). */
  treeUp: '‹ Précédent',
  treeOpen: (name: string) => `Ouvrir ${name}`,
  treeOpenSign: '›',
  treeEmptyOffline: 'Aucun élément disponible hors ligne pour le moment.',
  /** Date and time fields (src/ui/date-input.tsx): typed dd/MM/yyyy and 24 h, the device's picker as an aid. */
  datePick: 'Choisir dans le calendrier',
  timePick: 'Choisir l’heure',
  dateInvalid: (format: string) => `Date ou heure incomplète ou impossible : saisissez-la sous la forme ${format}.`,
} as const;

export type Texts = typeof fr;
