// A match's team sheet as answered, and the checks of a save (docs/teamsheet.md): the read of
// repo.ts put together with the rules of common/teamsheet/rules.ts.
import type { Db } from '../../db/pool';
import type { RegolaCertificato } from '../../../common/players/rules';
import { compareGiocatori } from '../../../common/players/rules';
import { DISTINTA_MSG } from '../../../common/teamsheet/messages';
import {
  cognomeNome,
  controllaDistinta,
  controllaGiocatore,
  problemiRighe,
  type DistintaInput,
  type ProblemaDistinta,
  type RigaDistinta,
  type VoceStaff,
} from '../../../common/teamsheet/rules';
import type { Convocazione, Distinta, GiocatoreDistinta } from '../../../common/teamsheet/types';
import { HttpError, badRequest } from '../../shared/errors';
import { scopeIncludes, type Scope } from '../../services/player-access/player-access';
import * as repo from './repo';

const M = DISTINTA_MSG;

/** The call-up's answers in the sheet's order: 'si' first, then those not answered yet, then 'no'. */
const RANK: Record<Convocazione, number> = { si: 0, attesa: 1, no: 2 };

/**
 * The sheet of a match on its day, from its read. Saved: its lines in order, and the others that
 * may be added after them (`disponibili`: the called players, then the rest of the roster). Not
 * saved yet: the call-up's players ('si' first, then the others called) with the rest of the roster
 * to add, or, without a call-up, the category's roster; no numbers. Staff: the designated
 * accompanying official and referee's attendant, then the sheet's coach and others.
 */
export function composeDistinta(l: repo.LetturaDistinta, regola: RegolaCertificato): Distinta {
  const { partita, salvata: saved, giocatori: players, convocazione: callUp } = l;
  const ctx = { data: partita.data, annoDa: partita.annoDa, annoA: partita.annoA, regola };
  const line = (p: repo.GiocatoreLetto, riga?: RigaDistinta): GiocatoreDistinta => ({
    id: p.id,
    nome: p.nome,
    cognome: p.cognome,
    dataNascita: p.dataNascita,
    gruppo: p.gruppo,
    numeroTessera: p.numeroTessera,
    numero: riga?.numero ?? null,
    capitano: riga?.capitano ?? false,
    vice: riga?.vice ?? false,
    ...controllaGiocatore(p, ctx),
    convocazione: callUp?.get(p.id) ?? null,
  });
  const all = [...players.values()];
  const called = all.filter((p) => callUp?.has(p.id)).sort((a, b) => RANK[callUp!.get(a.id)!] - RANK[callUp!.get(b.id)!] || compareGiocatori(a, b) || a.id - b.id);
  const roster = all.filter((p) => p.gruppoId === partita.gruppoId && !callUp?.has(p.id)).sort((a, b) => compareGiocatori(a, b) || a.id - b.id);

  let giocatori: GiocatoreDistinta[];
  let disponibili: GiocatoreDistinta[];
  if (saved.salvata) {
    giocatori = saved.righe.filter((r) => players.has(r.id)).map((r) => line(players.get(r.id)!, r));
    const on = new Set(saved.righe.map((r) => r.id));
    disponibili = [...called, ...roster].filter((p) => !on.has(p.id)).map((p) => line(p));
  } else if (called.length > 0) {
    giocatori = called.map((p) => line(p));
    disponibili = roster.map((p) => line(p));
  } else {
    giocatori = roster.map((p) => line(p));
    disponibili = [];
  }

  const staff: VoceStaff[] = saved.staff.map((p) => ({ ruolo: p.ruolo, id: p.id, nome: p.nome, cognome: p.cognome, numeroTessera: p.numeroTessera }));
  const esito = controllaDistinta(giocatori, staff, {
    data: partita.data,
    casa: partita.casa,
    dataDaDefinire: partita.dataDaDefinire,
    maxDistinta: partita.maxDistinta,
    salvata: saved.salvata,
  });
  return {
    partita: partita.id,
    data: partita.data,
    casa: partita.casa,
    maxDistinta: partita.maxDistinta,
    salvata: saved.salvata,
    aggiornataIl: saved.aggiornataIl,
    giocatori,
    disponibili,
    staff,
    ...esito,
    stampe: saved.stampe,
  };
}

/** The 400 of a save refused for its players: who and why, each (`problemi`), and in one line. */
function refused(problemi: ProblemaDistinta[], names: ReadonlyMap<number, { nome: string; cognome: string }>): HttpError {
  const who = (id: number) => (names.has(id) ? cognomeNome(names.get(id)!) : `id ${id}`);
  const elenco = problemi.map((p) => M.rifiutataVoce(who(p.giocatore), p.motivo)).join('; ');
  return new HttpError(400, M.rifiutata(elenco), { problemi });
}

/**
 * Checks a save of the sheet read as `l` by a caller of `scope` and returns what to write: no more
 * players than the category allows; each player exists, is one the caller may see or one of the
 * call-up, and may play on the day (else 400 `{ error, problemi }` naming each); numbers, captain and
 * vice-captain as problemiRighe says; no referee's attendant designated to an away match; the coach
 * and the others named active officials, the coach qualified, nobody twice. Staff left out of the
 * body is kept.
 */
export async function checkSave(
  db: Db,
  l: repo.LetturaDistinta,
  input: DistintaInput,
  scope: Scope,
  regola: RegolaCertificato,
): Promise<{ righe: RigaDistinta[]; staff: { allenatore: number | null; altri: number[] } }> {
  const { partita, salvata: saved, convocazione: callUp } = l;
  if (input.giocatori.length > partita.maxDistinta) throw badRequest(M.troppi(input.giocatori.length, partita.maxDistinta));
  const players = await repo.giocatoriOf(db, input.giocatori.map((r) => r.id));
  const ctx = { data: partita.data, annoDa: partita.annoDa, annoA: partita.annoA, regola };
  const problemi: ProblemaDistinta[] = [];
  const unseen = new Set<number>();
  for (const r of input.giocatori) {
    const p = players.get(r.id);
    if (!p || !(scopeIncludes(scope, p.gruppoId) || callUp?.has(r.id))) {
      // A player the caller may not see is no player to them: named by id only.
      unseen.add(r.id);
      problemi.push({ giocatore: r.id, motivo: M.problemi.nonTrovato });
      continue;
    }
    for (const motivo of controllaGiocatore(p, ctx).motivi) problemi.push({ giocatore: r.id, motivo });
  }
  problemi.push(...problemiRighe(input.giocatori));
  if (problemi.length > 0) throw refused(problemi, new Map([...players].filter(([id]) => !unseen.has(id))));

  const designati = saved.staff.filter((p) => p.ruolo === 'accompagnatore' || p.ruolo === 'addettoArbitro');
  if (!partita.casa && designati.some((d) => d.ruolo === 'addettoArbitro')) throw badRequest(M.motiviDistinta.addettoInTrasferta);
  const allenatore = input.staff.allenatore !== undefined ? input.staff.allenatore : saved.allenatore;
  const altri = input.staff.altri ?? saved.altri;
  const given = [...(input.staff.allenatore != null ? [input.staff.allenatore] : []), ...(input.staff.altri ?? [])];
  const people = await repo.dirigentiOf(db, given);
  for (const p of saved.staff) if (!people.has(p.id)) people.set(p.id, p);
  const name = (id: number) => (people.has(id) ? `${people.get(id)!.nome} ${people.get(id)!.cognome}` : `id ${id}`);
  for (const id of given) {
    const p = people.get(id);
    if (!p) throw badRequest(M.staff.nonTrovato);
    if (!p.attivo) throw badRequest(M.staff.nonAttivo(name(id)));
    if (id === input.staff.allenatore && !p.qualifiche.includes('allenatore')) throw badRequest(M.staff.nonAllenatore(name(id)));
  }
  const seen = new Set<number>(designati.map((d) => d.id));
  for (const id of [...(allenatore !== null ? [allenatore] : []), ...altri]) {
    if (seen.has(id)) throw badRequest(M.staff.ripetuto(name(id)));
    seen.add(id);
  }
  return { righe: input.giocatori, staff: { allenatore, altri } };
}
