// A match's team sheet as answered, and the checks of a save (docs/teamsheet.md): the reads of
// repo.ts put together with the rules of common/teamsheet/rules.ts, in the caller's transaction.
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

const toVoce = (ruolo: VoceStaff['ruolo'], p: repo.PersonaLetta): VoceStaff => ({ ruolo, id: p.id, nome: p.nome, cognome: p.cognome, numeroTessera: p.numeroTessera });

/**
 * The sheet of `partita` on its day. Saved: its lines in order, the others that may be added after
 * them (`disponibili`: the called players, then the rest of the roster). Not saved yet: the call-up's
 * players ('si' first, then the others called) with the rest of the roster to add, or, without a
 * call-up, the category's roster; no numbers. Staff: the designated accompanying official and
 * referee's attendant, then the sheet's coach and others.
 */
export async function readDistinta(db: Db, partita: repo.PartitaDistinta, regola: RegolaCertificato): Promise<Distinta> {
  const saved = await repo.distintaOf(db, partita.id);
  const callUp = await repo.convocazioneOf(db, partita.id);
  const designati = await repo.designatiOf(db, partita.id);
  const players = await repo.giocatoriOf(db, partita.gruppoId, [...saved.righe.map((r) => r.id), ...(callUp?.keys() ?? [])]);
  const people = await repo.dirigentiOf(db, [...(saved.allenatore !== null ? [saved.allenatore] : []), ...saved.altri]);
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

  const staff: VoceStaff[] = designati.map((d) => toVoce(d.ruolo, d));
  if (saved.allenatore !== null && people.has(saved.allenatore)) staff.push(toVoce('allenatore', people.get(saved.allenatore)!));
  for (const id of saved.altri) if (people.has(id)) staff.push(toVoce('altro', people.get(id)!));

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
 * Checks a save of the sheet of `partita` by a caller of `scope` and returns what to write: no more
 * players than the category allows; each player exists, is one the caller may see or one of the
 * call-up, and may play on the day (else 400 `{ error, problemi }` naming each); numbers, captain and
 * vice-captain as problemiRighe says; the coach and the others active officials, the coach qualified,
 * nobody twice; no referee's attendant designated to an away match. Staff left out of the body is kept.
 */
export async function checkSave(
  db: Db,
  partita: repo.PartitaDistinta,
  input: DistintaInput,
  scope: Scope,
  regola: RegolaCertificato,
): Promise<{ righe: RigaDistinta[]; staff: { allenatore: number | null; altri: number[] } }> {
  if (input.giocatori.length > partita.maxDistinta) throw badRequest(M.troppi(input.giocatori.length, partita.maxDistinta));
  const callUp = await repo.convocazioneOf(db, partita.id);
  const players = await repo.giocatoriOf(db, partita.gruppoId, input.giocatori.map((r) => r.id));
  const ctx = { data: partita.data, annoDa: partita.annoDa, annoA: partita.annoA, regola };
  const problemi: ProblemaDistinta[] = [];
  for (const r of input.giocatori) {
    const p = players.get(r.id);
    if (!p || !(scopeIncludes(scope, p.gruppoId) || callUp?.has(r.id))) {
      problemi.push({ giocatore: r.id, motivo: M.problemi.nonTrovato });
      continue;
    }
    for (const motivo of controllaGiocatore(p, ctx).motivi) problemi.push({ giocatore: r.id, motivo });
  }
  // A player the caller may not see is named by id only.
  const known = new Map([...players].filter(([id]) => !problemi.some((x) => x.giocatore === id && x.motivo === M.problemi.nonTrovato)));
  problemi.push(...problemiRighe(input.giocatori));
  if (problemi.length > 0) throw refused(problemi, known);

  const saved = await repo.distintaOf(db, partita.id);
  const allenatore = input.staff.allenatore !== undefined ? input.staff.allenatore : saved.allenatore;
  const altri = input.staff.altri ?? saved.altri;
  const designati = await repo.designatiOf(db, partita.id);
  if (!partita.casa && designati.some((d) => d.ruolo === 'addettoArbitro')) throw badRequest(M.motiviDistinta.addettoInTrasferta);
  const given = [...(input.staff.allenatore != null ? [input.staff.allenatore] : []), ...(input.staff.altri ?? [])];
  const people = await repo.dirigentiOf(db, given);
  for (const id of given) {
    const p = people.get(id);
    if (!p) throw badRequest(M.staff.nonTrovato);
    if (!p.attivo) throw badRequest(M.staff.nonAttivo(`${p.nome} ${p.cognome}`));
    if (id === input.staff.allenatore && !p.qualifiche.includes('allenatore')) throw badRequest(M.staff.nonAllenatore(`${p.nome} ${p.cognome}`));
  }
  const seen = new Set<number>(designati.map((d) => d.id));
  for (const id of [...(allenatore !== null ? [allenatore] : []), ...altri]) {
    if (seen.has(id)) {
      const p = people.get(id) ?? (await repo.dirigentiOf(db, [id])).get(id);
      throw badRequest(M.staff.ripetuto(p ? `${p.nome} ${p.cognome}` : `id ${id}`));
    }
    seen.add(id);
  }
  return { righe: input.giocatori, staff: { allenatore, altri } };
}
