// Match status (issue 16): the bulk
// actions of POST /api/partite/stato and their Italian messages (no zod: the request schema lives
// in common/matchStatusSchema.ts).

// The read side (statuses, labels, colours) lives in matchStatusRead.ts: the public page's cards
// need only that. Re-exported so the server and the forms keep one import.
import { MOTIVO_MAX, type StatoPartita } from './matchStatusRead';
import { STATO_LABELS } from './matchStatusLabels';
export * from './matchStatusRead';
export * from './matchStatusLabels';

/** Bulk actions of POST /api/partite/stato. */
export const AZIONI = ['rinvia', 'sposta', 'annulla', 'sospendi', 'ripristina'] as const;
export type AzioneStato = (typeof AZIONI)[number];

/** The status each action leaves the matches in ('sposta' moves the date: the match is postponed). */
export const STATO_DI_AZIONE: Record<AzioneStato, StatoPartita> = {
  rinvia: 'rinviata',
  sposta: 'rinviata',
  annulla: 'annullata',
  sospendi: 'sospesa',
  ripristina: 'programmata',
};

export const IDS_MAX = 500;
/** 'Sposta di N giorni': N between 1 and this (a year). */
export const GIORNI_MAX = 365;
/** The server keeps the before-image of a bulk operation this long (undo possible until then). */
export const OPERAZIONE_KEEP_HOURS = 24;
/** How long the SPA's toast offers 'Annulla operazione'. */
export const UNDO_TOAST_MS = 10_000;

export const STATUS_MSG = {
  labels: STATO_LABELS,
  actions: {
    rinvia: 'Rinvia',
    sposta: 'Sposta di N giorni',
    annulla: 'Annulla',
    sospendi: 'Sospendi',
    ripristina: 'Ripristina',
  } satisfies Record<AzioneStato, string>,
  /** What the activity log says an action did. */
  done: {
    rinvia: 'rinviate',
    sposta: 'spostate',
    annulla: 'annullate',
    sospendi: 'sospese',
    ripristina: 'ripristinate',
  } satisfies Record<AzioneStato, string>,
  filterLabel: 'Stato',
  filterAll: 'Tutti gli stati',
  csvColumn: 'Stato',
  selectAll: 'Seleziona tutte',
  selectOne: (partita: string, data: string) => `Seleziona ${partita} del ${data}`,
  selected: (n: number) => (n === 1 ? '1 partita selezionata' : `${n} partite selezionate`),
  motivoLabel: 'Motivo (facoltativo)',
  nuovaDataLabel: 'Nuova data (facoltativa)',
  giorniLabel: 'Numero di giorni',
  undo: 'Annulla operazione',
  updated: (n: number) => (n === 1 ? '1 partita aggiornata' : `${n} partite aggiornate`),
  undone: 'Operazione annullata: le partite sono tornate come prima',
  invalidAction: "Azione non valida: scegli tra rinvia, sposta, annulla, sospendi e ripristina.",
  idsRequired: 'Seleziona almeno una partita.',
  idsTooMany: `Puoi modificare al massimo ${IDS_MAX} partite alla volta.`,
  idsInvalid: 'Identificativi delle partite non validi.',
  idsDuplicate: 'La stessa partita è indicata più volte.',
  motivoTooLong: `Il motivo può contenere al massimo ${MOTIVO_MAX} caratteri.`,
  giorniRequired: 'Indica di quanti giorni spostare le partite.',
  giorniRange: `Il numero di giorni deve essere un intero tra 1 e ${GIORNI_MAX}.`,
  giorniOnlySposta: 'Il numero di giorni si indica solo per «Sposta di N giorni».',
  nuovaDataOnlyRinvia: 'La nuova data si indica solo per «Rinvia».',
  unknownIds: 'Una o più partite selezionate non esistono: nessuna partita è stata modificata.',
  forbidden: 'Non hai i permessi per cambiare lo stato delle partite.',
  operationNotFound: "Operazione non trovata o scaduta: si può annullare solo entro un giorno.",
  alreadyUndone: "L'operazione è già stata annullata.",
  undoConflict:
    "Impossibile annullare l'operazione: una o più partite sono state modificate o eliminate nel frattempo. Nessuna partita è stata modificata.",
  activity: {
    bulk: (azione: AzioneStato, n: number, motivo: string | null) =>
      `Stato delle partite: ${n} ${n === 1 ? 'partita' : 'partite'} ${STATUS_MSG.done[azione]}${motivo ? ` (motivo: ${motivo})` : ''}`,
    undone: (azione: AzioneStato, n: number) =>
      `Annullata l'operazione «${STATUS_MSG.actions[azione]}» su ${n} ${n === 1 ? 'partita' : 'partite'}`,
  },
} as const;

