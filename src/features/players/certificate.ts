import { addDays, problemaCertificato, SCADENZA_GIORNI, stagioneDi, type Giocatore, type RegolaCertificato } from '../../../common/players/rules';

/** A certificate's state on a day, as the roster's chip shows it and its counts add it up. */
export type StatoCertificato =
  | { stato: 'valido'; scadenza: string }
  /** Valid today, expiring within the panel's days. */
  | { stato: 'in_scadenza'; scadenza: string }
  /** Valid today, but a non-competitive one stops being enough at the season starting on `dal`, within the panel's days. */
  | { stato: 'tipo_in_scadenza'; dal: string }
  | { stato: 'scaduto'; scadenza: string }
  /** A non-competitive certificate where the competitive one is required. */
  | { stato: 'tipo_non_valido' }
  | { stato: 'mancante' };

/** The four counts of the screen: each state falls in one of them. */
export type Conteggio = 'valido' | 'in_scadenza' | 'scaduto' | 'mancante';

export const CONTEGGI: readonly Conteggio[] = ['valido', 'in_scadenza', 'scaduto', 'mancante'];

/** The state of a player's certificate on `oggi` with the certificate rule of common/players/rules.ts. */
export function statoCertificato(p: Pick<Giocatore, 'dataNascita' | 'certificato'>, oggi: string, regola: RegolaCertificato, giorni: number = SCADENZA_GIORNI): StatoCertificato {
  const problema = problemaCertificato(p, oggi, regola);
  if (problema === 'certificato_mancante' || !p.certificato) return { stato: 'mancante' };
  if (problema === 'tipo_non_valido') return { stato: 'tipo_non_valido' };
  if (problema === 'scaduto') return { stato: 'scaduto', scadenza: p.certificato.scadenza };
  const limite = addDays(oggi, giorni);
  if (p.certificato.scadenza <= limite) return { stato: 'in_scadenza', scadenza: p.certificato.scadenza };
  if (problemaCertificato(p, limite, regola) === 'tipo_non_valido') return { stato: 'tipo_in_scadenza', dal: stagioneDi(limite, regola).inizio };
  return { stato: 'valido', scadenza: p.certificato.scadenza };
}

/** Which of the four counts a state falls in. */
export function conteggioDi(s: StatoCertificato): Conteggio {
  switch (s.stato) {
    case 'valido':
      return 'valido';
    case 'in_scadenza':
    case 'tipo_in_scadenza':
      return 'in_scadenza';
    case 'scaduto':
    case 'tipo_non_valido':
      return 'scaduto';
    case 'mancante':
      return 'mancante';
  }
}

/** How many players fall in each count. */
export function contaCertificati(stati: readonly StatoCertificato[]): Record<Conteggio, number> {
  const out: Record<Conteggio, number> = { valido: 0, in_scadenza: 0, scaduto: 0, mancante: 0 };
  for (const s of stati) out[conteggioDi(s)] += 1;
  return out;
}
