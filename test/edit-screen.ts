// What the match's edit screen reads beside the match (its call-up and its team sheet), answered as our
// server answers for a match with neither saved: for jsdom tests whose stand-in server is about something else.
import type { Convocazione } from '../common/callups/rules';
import { conteggiOf } from '../common/callups/rules';
import type { Distinta } from '../common/teamsheet/types';
import type { Partita } from '../common/matches/read';

/** The fields of a match row (GET /api/partite/{id}) the two answers repeat. */
type MatchRow = Pick<Partita, 'id' | 'data' | 'ora' | 'squadracasa' | 'squadratrasferta' | 'gruppo' | 'campo' | 'is_house_match'>;

const noCallup = (m: MatchRow): Convocazione => ({
  partitaId: m.id,
  partita: { data: m.data, ora: m.ora.slice(0, 5), squadracasa: m.squadracasa, squadratrasferta: m.squadratrasferta, gruppo: m.gruppo, campo: m.campo, stato: null },
  salvata: false,
  giocatori: [],
  ritrovo: { ora: m.ora.slice(0, 5), luogo: m.campo },
  scadenza: `${m.data}T08:00:00+01:00`,
  note: null,
  inviataIl: null,
  chiusa: false,
  conteggi: conteggiOf([]),
});

const noSheet = (m: MatchRow): Distinta => ({
  partita: m.id,
  data: m.data,
  casa: m.is_house_match,
  maxDistinta: 20,
  salvata: false,
  aggiornataIl: null,
  giocatori: [],
  disponibili: [],
  staff: [],
  stampabile: false,
  motivi: [],
  avvisi: [],
  stampe: 0,
});

/** The answer to a GET of one of `matches`' call-up or team sheet, or null for any other request. */
export function editScreenSections(method: string, pathname: string, matches: MatchRow[]): { status: number; body: unknown } | null {
  const hit = /^\/api\/partite\/(\d+)\/(convocazione|distinta)$/.exec(pathname);
  const match = hit && method === 'GET' ? matches.find((m) => m.id === Number(hit[1])) : undefined;
  if (!hit || !match) return null;
  return { status: 200, body: { data: hit[2] === 'convocazione' ? noCallup(match) : noSheet(match) } };
}
