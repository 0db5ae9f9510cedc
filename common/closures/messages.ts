// The Italian texts of the club's closures (docs/trainings.md, 'Chiusure del club'): the screen,
// the API's answers, the warning of a match saved in a closure. Imports nothing.

export const CHIUSURE_LABEL = 'Chiusure del club';

/** 'dd/mm' of an ISO date. */
const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
/** 'dd/mm/yyyy' of an ISO date. */
const full = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const CHIUSURE_MSG = {
  title: CHIUSURE_LABEL,
  intro: 'Nei periodi di chiusura nessun allenamento è in calendario e la ricerca degli slot non propone date.',
  add: 'Nuova chiusura',
  edit: 'Modifica chiusura',
  save: 'Salva',
  cancel: 'Annulla',
  delete: 'Elimina',
  deleteTitle: 'Eliminare questa chiusura?',
  deleteConfirm: 'Elimina chiusura',
  deleteText: (what: string) => `${what}: gli allenamenti di quelle date tornano in calendario.`,
  fields: { nome: 'Nome', dal: 'Dal', al: 'Al' },
  nomeHint: 'Ad esempio «Vacanze di Natale»',
  invalid: {
    nome: 'Il nome della chiusura è obbligatorio',
    nomeLungo: (max: number) => `Nome: al massimo ${max} caratteri`,
    nomeRiga: 'Nome: il testo deve stare su una riga (niente a capo né tabulazioni)',
    data: 'La data deve essere nel formato aaaa-mm-gg',
    periodo: 'La data di fine deve essere uguale o successiva alla data di inizio',
    periodoLungo: (max: number) => `Una chiusura può durare al massimo ${max} giorni`,
  },
  notFound: 'Chiusura non trovata',
  forbidden: 'Non hai i permessi per modificare le chiusure del club',
  created: 'Chiusura creata',
  updated: 'Chiusura aggiornata',
  deleted: 'Chiusura eliminata',
  saveError: 'Impossibile salvare la chiusura',
  deleteError: 'Impossibile eliminare la chiusura',
  loadError: 'Impossibile caricare le chiusure',
  empty: 'Nessuna chiusura',
  saving: 'Salvataggio...',
  deleting: 'Eliminazione...',
  /** 'Vacanze di Natale, 23/12-06/01'. */
  describe: (nome: string, dal: string, al: string) => (dal === al ? `${nome}, ${dayMonth(dal)}` : `${nome}, ${dayMonth(dal)}-${dayMonth(al)}`),
  /** 'dal 23/12/2026 al 06/01/2027' (a single day: 'il 25/12/2026'). */
  period: (dal: string, al: string) => (dal === al ? `il ${full(dal)}` : `dal ${full(dal)} al ${full(al)}`),
  editOf: (nome: string) => `Modifica ${nome}`,
  deleteOf: (nome: string) => `Elimina ${nome}`,
  /** The warning of a match saved (or about to be saved) in a closure: it is saved all the same. */
  matchWarning: (describe: string) => `Il club è chiuso in questa data (${describe})`,
  /** The board: a closed day's note. */
  boardClosed: (nome: string) => `Club chiuso: ${nome}`,
  /** The board: a closure of the period shown ('Club chiuso: Vacanze di Natale, dal 23/12/2026 al 06/01/2027. Gli allenamenti di quei giorni sono saltati.'). */
  boardClosedPeriod: (nome: string, period: string) => `Club chiuso: ${nome}, ${period}. Gli allenamenti di quei giorni sono saltati.`,
  activity: {
    created: (what: string) => `Chiusura del club creata: ${what}`,
    updated: (what: string) => `Chiusura del club modificata: ${what}`,
    deleted: (what: string) => `Chiusura del club eliminata: ${what}`,
  },
} as const;
