// Answers of the bulk status routes (docs/matches.md, status; server/features/matches/status.ts), as the SPA reads
// them (src/features/matches/statusApi.ts). Types only: nothing here runs.

/** POST /api/partite/stato: the operation (its id, for the undo) and how many matches changed. */
export interface CambiaStatoResponse {
  operazione: string;
  aggiornate: number;
}

/** POST /api/partite/stato/:operazione/annulla: the operation undone and how many matches went back. */
export interface AnnullaOperazioneResponse {
  operazione: string;
  ripristinate: number;
}
