/**
 * Every French text of the interface, in one catalogue. Keys are the spec's
 * names where it gives one (invalidParameters, fillAllFields, …) so that a
 * reader can go from the spec to the screen and back.
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
  serverUrlInvalid: "L'adresse doit commencer par http:// ou https://",
  contactLink: 'Pas encore de compte ? Contactez-nous',
  version: (v: string) => `Version ${v}`,

  // Forgotten password
  forgottenTitle: 'Mot de passe oublié',
  forgottenIntro: 'Saisissez votre e-mail : nous vous envoyons un code pour choisir un nouveau mot de passe.',
  sendCode: 'Recevoir un code',
  codeTitle: 'Code reçu',
  codeIntro: (email: string) => `Saisissez le code envoyé à ${email}.`,
  code: 'Code',
  checkCode: 'Vérifier le code',
  changeTitle: 'Choisir un mot de passe',
  newPassword: 'Nouveau mot de passe',
  confirmPassword: 'Confirmation du mot de passe',
  changePassword: 'Changer le mot de passe',
  backToLogin: 'Retour à la connexion',

  // Onboarding and first connection
  boardingSteps: [
    { title: 'Vos demandes, partout', text: "Suivez vos demandes d'intervention et vos ordres de service depuis votre téléphone." },
    { title: 'Même sans réseau', text: 'En sous-sol ou en chantier, tout ce que vous saisissez est gardé et envoyé dès le retour du réseau.' },
    { title: 'Vos visites sur le terrain', text: 'Téléchargez une visite, remplissez-la hors ligne, ajoutez vos photos, terminez-la en un geste.' },
  ],
  next: 'Suivant',
  begin: 'Commencer',
  stepOf: (i: number, n: number) => `Étape ${i} sur ${n}`,
  firstConnectTitle: 'Bienvenue',
  firstConnectText:
    "Votre compte est prêt. Vous retrouverez ici vos tableaux de bord, vos demandes et vos visites. Pensez à installer l'application sur votre écran d'accueil pour l'utiliser hors ligne.",
  validate: 'Valider',

  // Contact
  contactTitle: 'Nous contacter',
  contactIntro: 'Vous souhaitez un compte ? Laissez-nous vos coordonnées : nous vous répondons sous 48 h pour confirmer la création de votre compte.',
  firstname: 'Prénom',
  lastname: 'Nom',
  gsm: 'Téléphone',
  company: 'Société',
  realEstate: 'Bien immobilier',
  message: 'Message',
  optional: '(facultatif)',
  send: 'Envoyer',
  sending: 'Envoi…',

  // Shell
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

  // Home
  hello: (name: string) => `Bonjour ${name}`,
  homeIntro: 'Que souhaitez-vous faire aujourd’hui ?',
  cardEchopark: 'Echopark',
  cardEchoparkText: 'Demandes de votre communauté',
  cardInterventions: 'Interventions',
  cardInterventionsText: "Tableau de bord des demandes d'intervention",
  cardOs: 'Ordres de service',
  cardOsText: 'Validation des travaux',
  cardVisits: 'Visites',
  cardVisitsText: 'Inspections sur site',
  cardAi: 'Assistant IA, ouvre un nouvel onglet',
  onboardingBlockTitle: 'Premiers pas',
  onboardingBlockText: "Découvrez en trois écrans comment l'application vous accompagne sur le terrain.",
  onboardingBlockCta: 'Voir la présentation',
  dismiss: 'Masquer',

  // Account
  accountTitle: 'Mon compte',
  emailReadOnly: "L'e-mail ne peut pas être modifié.",
  save: 'Enregistrer',
  saving: 'Enregistrement…',

  // Photos picked for upload
  preparingPhotos: (n: number) => (n > 1 ? `Préparation de ${n} photos…` : 'Préparation de la photo…'),
  /** A picked file that is not an image, outside the intervention tunnel (spec part 1 §5). */
  pictureNeeded: 'Merci de rajouter une image',
} as const;

export type Texts = typeof fr;
