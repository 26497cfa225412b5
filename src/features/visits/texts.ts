/**
 * Every French text of the visit screens, in one place: the spec's strings
 * verbatim (spec part 2 §2.2, §4.2, §5), ours where it gives none. Screens
 * read them from here; no French literal sits in JSX. Tests and scenarios find
 * controls by these labels, so a change here is a change of the interface.
 */
import { fr } from '../../i18n/fr';

const plural = (n: number, word: string) => `${word}${n > 1 ? 's' : ''}`;

export const visitTexts = {
  loading: fr.loading,
  /** The loader of §9 (forms loaded, owner dashboard loaded): named for screen readers. */
  formsLoading: 'Chargement de la visite',
  dashboardLoading: 'Chargement du tableau de bord',

  // Dashboard (spec part 2 §2.2).
  dashboardTitle: 'Tableau de bord des visites',
  myVisits: 'Mes visites',
  allVisits: 'Toutes les visites',
  countUnknown: '…',
  toDo: (n: number) => `${plural(n, 'visite')} à faire`,
  seeVisits: 'Voir les visites',

  // List.
  listTitle: 'Liste des visites',
  filters: 'Filtres',
  site: 'Site',
  sitePlaceholder: 'Nom ou ville',
  visit: 'Visite',
  visitPlaceholder: 'Nom de la visite',
  state: 'État',
  allStates: 'Tous',
  lateOnly: 'En retard uniquement',
  mineOnly: 'Mes visites uniquement',
  noVisit: 'Aucune visite ne correspond.',
  late: 'En retard',
  dates: (from: string, to: string) => `Du ${from} au ${to}`,
  downloadedHere: ' · téléchargée sur cet appareil',
  startedHere: ' · démarrée ici',
  waiting: (n: number) => `${n} ${plural(n, 'envoi')} en attente pour cette visite`,

  // Actions (spec part 2 §4.2).
  downloadProgress: (percent: number) => `Téléchargement : ${percent} %`,
  downloading: (percent: number) => `Téléchargement ${percent} %`,
  download: 'Télécharger',
  retryFiles: (n: number) => `Réessayer ${n} ${plural(n, 'fichier')}`,
  start: 'Démarrer',
  takeOver: 'Récupérer la visite',
  started: 'Visite démarrée.',
  assigned: 'La visite vous est attribuée.',
  filesNotDownloaded: (n: number) => `${n} fichier(s) non téléchargé(s) : réessayez le téléchargement.`,
  /** My visit started on a device that no longer has it (issue 19): resumed here from the server's copy. */
  resume: 'Reprendre sur cet appareil',
  resumeTitle: 'Reprendre la visite sur cet appareil ?',
  resumeText:
    'La visite sera téléchargée telle qu’elle est enregistrée sur le serveur, avec ses fichiers, puis démarrée sur cet appareil pour que vous la poursuiviez.',
  resumeLoss: 'Ce que l’autre appareil n’avait pas encore enregistré sur le serveur ne peut pas être récupéré.',
  resumeConfirm: 'Reprendre',
  resumed: 'Visite reprise sur cet appareil.',
  startedElsewhere: ' · démarrée sur un autre appareil',
  startedElsewhereDetail: 'Elle a été démarrée sur un autre appareil : vous pouvez la reprendre ici.',

  // Detail: drawer.
  drawer: 'Menu de la visite',
  closeMenu: 'Fermer le menu',
  openMenu: 'Menu de la visite',
  goThere: 'S’y rendre',
  pause: 'Pause',
  terminate: 'Terminer',
  sending: 'Envoi de la visite en cours…',
  startToFill: 'Démarrez la visite pour la remplir.',
  visitFiles: 'Fichiers de la visite',
  fiche: 'Fiche',
  showHidden: 'Afficher les éléments désactivés',
  showCompleted: 'Afficher les sections complétées',
  formsNav: 'Formulaires',

  // Detail: toolbar and main area.
  toolbar: 'Outils de la visite',
  backToList: 'Retour à la liste',
  editMode: 'Édition',
  saveDirty: 'Enregistrer •',
  saved: 'Enregistré',
  previousSection: 'Section précédente',
  nextSection: 'Section suivante',
  sectionComplete: 'Section complète',
  markComplete: 'Marquer complète',
  readOnly: 'Lecture seule : cette visite n’est pas démarrée sur cet appareil.',
  terminateTitle: 'Terminer la visite ?',
  pauseTitle: 'Mettre la visite en pause ?',
  closeText: (online: boolean) =>
    `Les réponses, la fiche et les fichiers seront envoyés${online ? '' : ' dès le retour du réseau'}. La copie locale sera retirée une fois tout reçu par le serveur.`,
  notYetDownloaded: 'Cette visite n’est pas encore téléchargée sur cet appareil.',
  notDownloaded: 'Cette visite n’est pas téléchargée sur cet appareil. Téléchargez-la depuis la liste des visites.',
  visitList: 'Liste des visites',

  // Forms and sections.
  sectionsComplete: (done: number, total: number) => `${done} / ${total} sections complétées`,
  progress: (percent: number) => `Progression : ${percent} %`,
  noNote: 'Pas encore de note',
  meanNote: (note: number) => `Note moyenne : ${note} / 100`,
  complete: 'Complétée',
  hidden: 'Masquée',
  fieldCount: (n: number) => `${n} champ(s)`,
  /** Not in the spec: a level of thousands of subsections (an asset inventory) shows them a page at a time. */
  moreSubsections: (next: number, rest: number) => `Afficher ${next} sections de plus (${rest.toLocaleString('fr-FR')} non affichées)`,
  show: 'Afficher',
  hide: 'Masquer',
  duplicate: 'Dupliquer',
  duplicateTitle: 'Dupliquer l’élément',
  newLabel: 'Libellé du nouvel élément',
  copyLabel: (name: string) => `${name} (copie)`,
  duplicateField: (name: string) => `Dupliquer le champ « ${name} »`,
  /** A required field (field_config) still without an answer; the tree and 'Terminer' say which. */
  requiredMissing: 'À remplir',
  requiredMissingShort: (n: number) => `${n} à remplir`,
  requiredMissingCount: (n: number) => (n > 1 ? ` : ${n} champs obligatoires à remplir` : ' : 1 champ obligatoire à remplir'),
  requiredMissingTitle: (n: number) => (n > 1 ? `${n} champs obligatoires ne sont pas remplis :` : 'Un champ obligatoire n’est pas rempli :'),
  requiredMissingAfter: 'Vous pouvez les remplir avant de terminer, ou terminer quand même.',
  requiredMissingPlace: (path: string[], field: string) => `${path.join(' › ')} › ${field}`,
  sectionComment: 'Commentaire de la section',
  /** Edit mode: the label of the section shown, and of each subsection card. */
  sectionLabel: 'Libellé de la section',
  subsectionLabel: (name: string) => `Libellé de la sous-section ${name}`,

  // Fields.
  alert: 'Alerte',
  notValidEmail: fr.notValidEmail,
  notValidUrl: "L'adresse doit commencer par http:// ou https://",
  yes: 'Oui',
  no: 'Non',
  clear: 'Effacer',
  onDevice: ' · sur l’appareil',
  removeFile: (name: string) => `Retirer ${name}`,
  addFileTo: (name: string) => `Ajouter un fichier : ${name}`,
  notAnImage: 'Merci de rajouter une image',
  /** A picked file that is not a readable image (corrupt, or not what its type says): the field keeps its files. */
  unreadablePhoto: fr.unreadablePhoto,
  notKept: 'La photo n’a pas pu être gardée sur l’appareil. Libérez de l’espace puis réessayez.',
  preparingPhoto: 'Préparation de la photo…',
  addPhoto: 'Ajouter une photo',
  addFile: 'Ajouter un fichier',
  fieldComment: (name: string) => `Commentaire : ${name}`,
  comment: 'Commentaire',
  fieldLabel: (name: string) => `Libellé du champ ${name}`,

  // Files dialog.
  fileNotSent: 'Sur l’appareil, pas encore envoyé',
  fileSending: (percent: number) => `Envoi ${percent} %`,
  fileRefused: (reason: string) => `Refusé : ${reason}`,
  fileQueued: 'En attente d’envoi',
  onServer: 'Sur le serveur',
  noFile: 'Aucun fichier.',
  addedHere: 'Ajoutés sur cet appareil',
  noPendingFile: 'Aucun fichier en attente.',
  close: 'Fermer',
  send: (unsent: number) => `Envoyer${unsent ? ` (${unsent})` : ''}`,

  // Fiche.
  backToVisit: 'Retour à la visite',
  ficheNotDownloaded: 'Cette visite n’est pas téléchargée sur cet appareil.',
  ficheTitle: (name: string) => (name ? `Fiche : ${name}` : 'Fiche'),
  ficheProgress: (percent: number, note: number | null) => `${percent} % complété${note !== null ? ` · note moyenne ${note} / 100` : ''}`,
};
