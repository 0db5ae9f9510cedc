// Match status (docs/matches.md, status): the bulk
// actions of POST /api/partite/stato and their Italian messages (no zod: the request schema lives
// in common/status/schema.ts).

// The read side (statuses, labels, colours) lives in matchStatusRead.ts: the public page's cards
// need only that. Re-exported so the server and the forms keep one import.
import { MOTIVO_MAX, type StatoPartita } from './read';
import { STATO_LABELS } from './labels';
import { countOf } from '../core/plural';

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

const partite = (n: number) => (n === 1 ? '1 partita' : `${n} partite`);
const giorni = (n: number) => (n === 1 ? '1 giorno' : `${n} giorni`);

export const STATUS_MSG = {
  labels: STATO_LABELS,
  /** The bar's buttons, named by their result: 'Annulla' only ever closes a dialog. */
  actions: {
    rinvia: 'Rinvia',
    sposta: 'Sposta di N giorni',
    annulla: 'Segna come annullate',
    sospendi: 'Sospendi',
    ripristina: 'Ripristina',
  } satisfies Record<AzioneStato, string>,
  /** The confirmation's title: the result and the count; 'sposta' with the days once chosen. */
  confirmTitle: {
    rinvia: (n: number) => `Rinviare ${partite(n)}?`,
    sposta: (n: number, g: number | null) => (g ? `Spostare ${partite(n)} di ${giorni(g)}?` : `Di quanti giorni spostare ${partite(n)}?`),
    annulla: (n: number) => (n === 1 ? 'Segnare come annullata 1 partita?' : `Segnare come annullate ${n} partite?`),
    sospendi: (n: number) => `Sospendere ${partite(n)}?`,
    ripristina: (n: number) => `Rimettere in programma ${partite(n)}?`,
  } satisfies Record<AzioneStato, (n: number, g: number | null) => string>,
  /** The confirmation's red button: the action and the count, never 'Annulla ...'. */
  confirmButton: {
    rinvia: (n: number) => `Rinvia ${partite(n)}`,
    sposta: (n: number, g: number | null) => (g ? `Sposta ${partite(n)} di ${giorni(g)}` : `Sposta ${partite(n)}`),
    annulla: (n: number) => (n === 1 ? 'Segna 1 partita come annullata' : `Segna ${n} partite come annullate`),
    sospendi: (n: number) => `Sospendi ${partite(n)}`,
    ripristina: (n: number) => `Ripristina ${partite(n)}`,
  } satisfies Record<AzioneStato, (n: number, g: number | null) => string>,
  affectedList: 'Partite interessate',
  cancel: 'Annulla',
  /** What the activity log says an action did, for one match and for more ('1 partita annullata': counts as docs/screens.md says). */
  done: {
    rinvia: ['rinviata', 'rinviate'],
    sposta: ['spostata', 'spostate'],
    annulla: ['annullata', 'annullate'],
    sospendi: ['sospesa', 'sospese'],
    ripristina: ['ripristinata', 'ripristinate'],
  } satisfies Record<AzioneStato, readonly [string, string]>,
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
  slotOnlyRinvia: 'Ora, campo e spogliatoi di uno slot si indicano solo per «Rinvia».',
  slotOnlyOne: 'Uno slot si applica a una sola partita alla volta: seleziona una partita.',
  slotIncomplete: 'Per applicare uno slot indica la nuova data, l\'ora di inizio e il campo.',
  /** The 'Rinvia' dialog: what a chosen slot will apply ('Sabato 5 dicembre, 10:30-11:45, Campo 2, spogliatoi 3 e 4'). */
  slotApplied: (slot: string) => `Sarà applicato lo slot: ${slot}.`,
  unknownIds: 'Una o più partite selezionate non esistono: nessuna partita è stata modificata.',
  forbidden: 'Non hai i permessi per cambiare lo stato delle partite.',
  operationNotFound: "Operazione non trovata o scaduta: si può annullare solo entro un giorno.",
  alreadyUndone: "L'operazione è già stata annullata.",
  undoConflict:
    "Impossibile annullare l'operazione: una o più partite sono state modificate o eliminate nel frattempo. Nessuna partita è stata modificata.",
  activity: {
    bulk: (azione: AzioneStato, n: number, motivo: string | null) =>
      `Stato delle partite: ${countOf(n, 'partita', 'partite')} ${STATUS_MSG.done[azione][n === 1 ? 0 : 1]}${motivo ? ` (motivo: ${motivo})` : ''}`,
    undone: (azione: AzioneStato, n: number) =>
      `Annullata l'operazione «${STATUS_MSG.actions[azione]}» su ${countOf(n, 'partita', 'partite')}`,
  },
} as const;

