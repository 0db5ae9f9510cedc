import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, follow, type TestUser } from '../../../test/users';
import { insertCallup, insertMatch } from '../../../test/matches';
import { pdfFonts, pdfLayout, pdfPages } from '../../../test/exports';
import { MSG } from '../../../common/core/messages';
import { DISTINTA_MSG as M } from '../../../common/teamsheet/messages';
import { GIOCATORI_MSG } from '../../../common/players/messages';
import type { Distinta, GiocatoreDistinta } from '../../../common/teamsheet/types';

// The team sheet through the real API on a real PostgreSQL (docs/teamsheet.md): the proposal from
// the call-up, the check at its boundaries, the refusals of a save, the staff, access by role and
// category tie, the PDF read back with pdfjs, the print history across a player's erasure, the
// activity records, and the day's sheets.

/** The match day: Saturday 10 April 2027, season 2026-27. */
const DAY = '2027-04-10';
/** A surname nobody has: searched for in the activity records and, after an erasure, everywhere. */
const SURNAME = 'Qwzyxkantò';

let t: TestApp;
let admin: TestUser;
let editorPulcini: TestUser;
let editorEsordienti: TestUser;
let readerPulcini: TestUser;
let readerNone: TestUser;
const gruppi: Record<string, number> = {};
const people: Record<string, number> = {};

type Method = 'GET' | 'PUT' | 'DELETE';
const api = (who: TestUser | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const sheet = async (id: number, who: TestUser = admin): Promise<Distinta> => {
  const res = await api(who, 'GET', `/api/partite/${id}/distinta`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const save = (id: number, body: unknown, who: TestUser = admin) => api(who, 'PUT', `/api/partite/${id}/distinta`, body);
const names = (list: GiocatoreDistinta[]) => list.map((g) => g.cognome);

let seq = 0;
/** A player of Pulcini (born 2016: the non-competitive certificate is enough this season), allowed to play on DAY. */
async function player(over: Record<string, unknown> = {}): Promise<number> {
  const p = {
    nome: 'Luca',
    cognome: `Rossi${String.fromCharCode(65 + (seq++ % 26))}${seq}`,
    data_nascita: '2016-09-01',
    gruppo: 'Pulcini',
    numero_tessera: `T${seq}`,
    certificato_tipo: 'non_agonistico',
    certificato_scadenza: '2027-09-01',
    squalificato_fino: null,
    ...over,
  };
  const { rows } = await t.db.pool.query(
    `INSERT INTO public.giocatori (nome, cognome, data_nascita, gruppo_id, numero_tessera, certificato_tipo, certificato_scadenza, squalificato_fino)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [p.nome, p.cognome, p.data_nascita, gruppi[p.gruppo as string], p.numero_tessera, p.certificato_tipo, p.certificato_scadenza, p.squalificato_fino],
  );
  return rows[0].id;
}

async function official(key: string, qualifiche: string[], numeroTessera: string | null, attivo = true): Promise<void> {
  const { rows } = await t.db.pool.query(
    `INSERT INTO public.dirigenti (nome, cognome, email, qualifiche, numero_tessera, attivo) VALUES ($1, $2, $3, $4::text[], $5, $6) RETURNING id`,
    [key, `Dirigente${key}`, `${key.toLowerCase()}@example.it`, qualifiche, numeroTessera, attivo],
  );
  people[key] = rows[0].id;
}

/** A match of `gruppo` on DAY (home unless said), with the accompanying official designated unless `accompagnatore: false`. */
async function match(over: { gruppo?: string; casa?: boolean; accompagnatore?: boolean; addetto?: boolean; data?: string } = {}): Promise<number> {
  const id = await insertMatch(t.db.pool, {
    data: over.data ?? DAY,
    ora: '10:00',
    ora_fine: '11:15',
    squadracasa: over.casa === false ? 'Lupi' : 'Garibaldina',
    squadratrasferta: over.casa === false ? 'Garibaldina' : 'Lupi',
    gruppo: over.gruppo ?? 'Pulcini',
    campo: 'Stadio Comunale',
    is_house_match: over.casa !== false,
    tipo_gara: 'campionato',
  });
  if (over.accompagnatore !== false) await t.db.pool.query(`INSERT INTO public.designazioni (partita_id, ruolo, dirigente_id) VALUES ($1, 'accompagnatore', $2)`, [id, people.Acc]);
  if (over.addetto) await t.db.pool.query(`INSERT INTO public.designazioni (partita_id, ruolo, dirigente_id) VALUES ($1, 'addettoArbitro', $2)`, [id, people.Addetto]);
  return id;
}

const activities = async () =>
  (await t.db.pool.query<{ activity_message: string; context: Record<string, unknown> }>('SELECT activity_message, context FROM public.activity_logs ORDER BY id')).rows;
const count = async (table: string) => (await t.db.pool.query(`SELECT count(*)::int AS n FROM public.${table}`)).rows[0].n as number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db.pool, 'admin');
  [editorPulcini, editorEsordienti, readerPulcini, readerNone] = await Promise.all([
    createUser(t.db.pool, 'editor'),
    createUser(t.db.pool, 'editor'),
    createUser(t.db.pool, 'reader'),
    createUser(t.db.pool, 'reader'),
  ]);
  for (const [name, da, a] of [['Pulcini', 2016, 2017], ['Esordienti', 2014, 2015]] as const) {
    gruppi[name] = (await t.db.pool.query('INSERT INTO public.gruppi (name, anno_da, anno_a) VALUES ($1, $2, $3) RETURNING id', [name, da, a])).rows[0].id;
  }
  await follow(t.app, admin, editorPulcini, ['Pulcini']);
  await follow(t.app, admin, editorEsordienti, ['Esordienti']);
  await follow(t.app, admin, readerPulcini, ['Pulcini']);
  await official('Acc', ['accompagnatore'], 'D-100');
  await official('Addetto', ['addetto_arbitro'], null);
  await official('Coach', ['allenatore'], 'A-200');
  await official('Vice', ['allenatore', 'accompagnatore'], 'A-300');
  await official('Spento', ['allenatore'], 'A-400', false);
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.pool.query('TRUNCATE public.partite, public.giocatori, public.activity_logs, public.convocazioni_giocatori RESTART IDENTITY CASCADE');
});

describe('the sheet before any save', () => {
  it("lists the call-up's players ('si' first, then the others called) with their checks and no numbers; the rest of the roster may be added", async () => {
    const m = await match();
    const [si1, si2, attesa, no, fuori] = [
      await player({ cognome: 'Verdi' }),
      await player({ cognome: 'Bianchi' }),
      await player({ cognome: 'Aliprandi' }),
      await player({ cognome: 'Neri' }),
      await player({ cognome: 'Esposito', gruppo: 'Esordienti', data_nascita: '2015-09-01' }),
    ];
    await player({ cognome: 'Zanetti' });
    await player({ cognome: 'Conti' });
    await player({ cognome: 'Altro', gruppo: 'Esordienti', data_nascita: '2015-01-01' });
    await insertCallup(t.db.pool, m, [[si1, 'si'], [no, 'no'], [attesa, null], [si2, 'si'], [fuori, 'si']]);

    const d = await sheet(m);
    expect(names(d.giocatori)).toEqual(['Bianchi', 'Esposito', 'Verdi', 'Aliprandi', 'Neri']);
    expect(d.giocatori.map((g) => g.convocazione)).toEqual(['si', 'si', 'si', 'attesa', 'no']);
    expect(names(d.disponibili)).toEqual(['Conti', 'Zanetti']);
    expect(d.giocatori.every((g) => g.numero === null && !g.capitano && !g.vice)).toBe(true);
    // The player of another category is called 'fuori quota': shown with the warning of the years.
    expect(d.giocatori[1]).toMatchObject({ gruppo: 'Esordienti', idoneo: true, motivi: [], avvisi: [M.avvisi.fuoriAnni(2015, 2016, 2017)] });
    expect(d).toMatchObject({ partita: m, data: DAY, casa: true, maxDistinta: 20, salvata: false, aggiornataIl: null, stampabile: false, stampe: 0 });
    expect(d.motivi).toEqual([M.motiviDistinta.nonSalvata]);
    expect(d.staff).toEqual([{ ruolo: 'accompagnatore', id: people.Acc, nome: 'Acc', cognome: 'DirigenteAcc', numeroTessera: 'D-100' }]);
    expect(d.avvisi).toEqual([M.avvisiDistinta.senzaAllenatore]);
  });

  it('without a call-up, proposes the roster by surname; the read is an activity record naming the match, not the players', async () => {
    const m = await match();
    await player({ cognome: SURNAME });
    await player({ cognome: 'Bianchi' });
    await player({ cognome: 'Esposito', gruppo: 'Esordienti', data_nascita: '2015-09-01' });
    const d = await sheet(m);
    expect(names(d.giocatori)).toEqual(['Bianchi', SURNAME]);
    expect(d.disponibili).toEqual([]);
    const [record] = await activities();
    expect(record.activity_message).toBe(M.activity.read('Garibaldina - Lupi (Pulcini) del 10/04/2027 ore 10:00', 2));
    expect(JSON.stringify(record)).not.toContain(SURNAME);
    expect(record.context).toEqual({ partita: m, numeroGiocatori: 2 });
  });
});

describe('the check through the API, on the match day', () => {
  it('at its boundaries: expiry on the day and the day before, the competitive age, a suspension ending the day before or on the day', async () => {
    const m = await match();
    const ids = {
      scadeOggi: await player({ cognome: 'ScadeOggi', certificato_scadenza: DAY }),
      scadutoIeri: await player({ cognome: 'ScadutoIeri', certificato_scadenza: '2027-04-09' }),
      // The 12th birthday on 30 June 2027, the season's last day: the competitive certificate is needed.
      dodiciAGiugno: await player({ cognome: 'DodiciGiugno', data_nascita: '2015-06-30' }),
      // On 1 July 2027, the next season's first day: the non-competitive one is still enough.
      dodiciALuglio: await player({ cognome: 'DodiciLuglio', data_nascita: '2015-07-01' }),
      squalificaIeri: await player({ cognome: 'SqualificaIeri', squalificato_fino: '2027-04-09' }),
      squalificaOggi: await player({ cognome: 'SqualificaOggi', squalificato_fino: DAY }),
      senzaCertificato: await player({ cognome: 'SenzaCertificato', certificato_tipo: null, certificato_scadenza: null }),
      senzaTessera: await player({ cognome: 'SenzaTessera', numero_tessera: null }),
    };
    const d = await sheet(m);
    const of = (id: number) => d.giocatori.find((g) => g.id === id)!;
    expect(of(ids.scadeOggi)).toMatchObject({ idoneo: true, motivi: [] });
    expect(of(ids.scadutoIeri)).toMatchObject({ idoneo: false, motivi: ['Certificato scaduto il 09/04/2027'] });
    expect(of(ids.dodiciAGiugno)).toMatchObject({ idoneo: false, motivi: [M.motivi.tipoNonValido] });
    expect(of(ids.dodiciALuglio)).toMatchObject({ idoneo: true, motivi: [] });
    expect(of(ids.squalificaIeri)).toMatchObject({ idoneo: true, motivi: [] });
    expect(of(ids.squalificaOggi)).toMatchObject({ idoneo: false, motivi: ['Squalificato fino al 10/04/2027'] });
    expect(of(ids.senzaCertificato)).toMatchObject({ idoneo: false, motivi: [M.motivi.certificatoMancante] });
    expect(of(ids.senzaTessera)).toMatchObject({ idoneo: true, avvisi: [M.avvisi.tesseraMancante] });
    // The 2015-born are outside Pulcini's years: a warning beside the certificate's verdict.
    expect(of(ids.dodiciALuglio).avvisi).toEqual([M.avvisi.fuoriAnni(2015, 2016, 2017)]);

    // A save naming the blocked players is refused, naming each and why; nothing is written.
    const blocked = [ids.scadutoIeri, ids.dodiciAGiugno, ids.squalificaOggi, ids.senzaCertificato];
    const res = await save(m, { giocatori: [ids.scadeOggi, ...blocked].map((id, i) => ({ id, numero: i + 1 })) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.problemi).toEqual([
      { giocatore: ids.scadutoIeri, motivo: 'Certificato scaduto il 09/04/2027' },
      { giocatore: ids.dodiciAGiugno, motivo: M.motivi.tipoNonValido },
      { giocatore: ids.squalificaOggi, motivo: 'Squalificato fino al 10/04/2027' },
      { giocatore: ids.senzaCertificato, motivo: M.motivi.certificatoMancante },
    ]);
    expect(body.error).toBe(
      M.rifiutata(
        [
          `ScadutoIeri Luca (Certificato scaduto il 09/04/2027)`,
          `DodiciGiugno Luca (${M.motivi.tipoNonValido})`,
          `SqualificaOggi Luca (Squalificato fino al 10/04/2027)`,
          `SenzaCertificato Luca (${M.motivi.certificatoMancante})`,
        ].join('; '),
      ),
    );
    expect(await count('distinte')).toBe(0);

    const ok = [ids.scadeOggi, ids.dodiciALuglio, ids.squalificaIeri, ids.senzaTessera];
    const saved = await save(m, { giocatori: ok.map((id, i) => ({ id, numero: 10 + i, capitano: i === 0, vice: i === 1 })) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.giocatori.map((g: GiocatoreDistinta) => [g.id, g.numero, g.capitano, g.vice])).toEqual([
      [ids.scadeOggi, 10, true, false],
      [ids.dodiciALuglio, 11, false, true],
      [ids.squalificaIeri, 12, false, false],
      [ids.senzaTessera, 13, false, false],
    ]);
  });

  it('refuses duplicate numbers, two captains, a player twice, more players than the category allows, an unknown player; nothing written', async () => {
    const m = await match();
    const [a, b, c] = [await player(), await player(), await player()];
    const cases: Array<[unknown, Array<{ giocatore: number; motivo: string }>]> = [
      [{ giocatori: [{ id: a, numero: 7 }, { id: b, numero: 7 }] }, [{ giocatore: a, motivo: M.problemi.numeroRipetuto(7) }, { giocatore: b, motivo: M.problemi.numeroRipetuto(7) }]],
      [
        { giocatori: [{ id: a, numero: 1, capitano: true }, { id: b, numero: 2, capitano: true }, { id: c, numero: 3 }] },
        [{ giocatore: a, motivo: M.problemi.dueCapitani }, { giocatore: b, motivo: M.problemi.dueCapitani }],
      ],
      [{ giocatori: [{ id: a, numero: 1, capitano: true, vice: true }] }, [{ giocatore: a, motivo: M.problemi.capitanoEVice }]],
      [{ giocatori: [{ id: a, numero: 1 }, { id: a, numero: 2 }] }, [{ giocatore: a, motivo: M.problemi.ripetuto }]],
      [{ giocatori: [{ id: a, numero: 1 }, { id: 999999, numero: 2 }] }, [{ giocatore: 999999, motivo: M.problemi.nonTrovato }]],
    ];
    for (const [body, problemi] of cases) {
      const res = await save(m, body);
      expect([res.statusCode, res.json().problemi]).toEqual([400, problemi]);
    }
    // The category allows 2: three players are refused whole.
    await t.db.pool.query('UPDATE public.gruppi SET max_distinta = 2 WHERE id = $1', [gruppi.Pulcini]);
    try {
      const res = await save(m, { giocatori: [a, b, c].map((id, i) => ({ id, numero: i + 1 })) });
      expect([res.statusCode, res.json()]).toEqual([400, { error: M.troppi(3, 2) }]);
      const d = await sheet(m);
      expect(d.avvisi).toContain(M.avvisiDistinta.troppi(3, 2));
      expect((await save(m, { giocatori: [a, b].map((id, i) => ({ id, numero: i + 1 })) })).statusCode).toBe(200);
    } finally {
      await t.db.pool.query('UPDATE public.gruppi SET max_distinta = 20 WHERE id = $1', [gruppi.Pulcini]);
    }
    expect((await sheet(m)).giocatori.map((g) => g.id)).toEqual([a, b]);
    for (const bad of [{ giocatori: [{ id: a, numero: 100 }] }, { giocatori: [{ id: a, numero: 1, extra: 1 }] }, { giocatori: 'tutti' }]) {
      expect((await save(m, bad)).statusCode).toBe(400);
    }
    expect((await save(m, { giocatori: [{ id: a, numero: 0 }] })).json()).toEqual({ error: M.invalid.numero });
  });

  it("a player of a category the editor does not follow is no player to them, unless called up for the match", async () => {
    const m = await match();
    const mine = await player();
    const other = await player({ gruppo: 'Esordienti', data_nascita: '2015-09-01' });
    const res = await save(m, { giocatori: [{ id: mine, numero: 1 }, { id: other, numero: 2 }] }, editorPulcini);
    expect([res.statusCode, res.json()]).toEqual([400, { error: M.rifiutata(`id ${other} (${M.problemi.nonTrovato})`), problemi: [{ giocatore: other, motivo: M.problemi.nonTrovato }] }]);
    await insertCallup(t.db.pool, m, [[other, 'si']]);
    expect((await save(m, { giocatori: [{ id: mine, numero: 1 }, { id: other, numero: 2 }] }, editorPulcini)).statusCode).toBe(200);
  });

  it('a saved sheet keeps its order and numbers; the others called, then the roster, may be added', async () => {
    const m = await match();
    const [a, b, c, d] = [await player({ cognome: 'A' }), await player({ cognome: 'B' }), await player({ cognome: 'C' }), await player({ cognome: 'D' })];
    await insertCallup(t.db.pool, m, [[d, 'si'], [c, 'no']]);
    expect((await save(m, { giocatori: [{ id: b, numero: 9, capitano: true }, { id: a, numero: 4, vice: true }] })).statusCode).toBe(200);
    const s = await sheet(m);
    expect(s.giocatori.map((g) => [g.cognome, g.numero])).toEqual([['B', 9], ['A', 4]]);
    expect(names(s.disponibili)).toEqual(['D', 'C']);
    expect(s).toMatchObject({ salvata: true, stampabile: true, motivi: [] });
    expect(Date.parse(s.aggiornataIl!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await activities()).map((r) => r.activity_message)).toContain(M.activity.saved('Garibaldina - Lupi (Pulcini) del 10/04/2027 ore 10:00', 2));
  });
});

describe('the staff', () => {
  it('the coach and the others are kept when the body leaves them out, cleared by null or []; each checked', async () => {
    const m = await match();
    const a = await player();
    const one = { giocatori: [{ id: a, numero: 1, capitano: true }] };
    expect((await save(m, { ...one, staff: { allenatore: people.Coach, altri: [people.Vice] } })).statusCode).toBe(200);
    let s = await sheet(m);
    expect(s.staff.map((x) => [x.ruolo, x.id, x.numeroTessera])).toEqual([
      ['accompagnatore', people.Acc, 'D-100'],
      ['allenatore', people.Coach, 'A-200'],
      ['altro', people.Vice, 'A-300'],
    ]);
    expect((await save(m, one)).json().data.staff.map((x: { ruolo: string }) => x.ruolo)).toEqual(['accompagnatore', 'allenatore', 'altro']);
    s = (await save(m, { ...one, staff: { allenatore: null } })).json().data;
    expect(s.staff.map((x) => x.ruolo)).toEqual(['accompagnatore', 'altro']);
    expect(s.avvisi).toContain(M.avvisiDistinta.senzaAllenatore);
    expect((await save(m, { ...one, staff: { altri: [] } })).json().data.staff.map((x: { ruolo: string }) => x.ruolo)).toEqual(['accompagnatore']);

    const refused: Array<[unknown, string]> = [
      [{ allenatore: people.Acc }, M.staff.nonAllenatore('Acc DirigenteAcc')],
      [{ allenatore: people.Spento }, M.staff.nonAttivo('Spento DirigenteSpento')],
      [{ altri: [999999] }, M.staff.nonTrovato],
      // The accompanying official is on the sheet already (the designation).
      [{ altri: [people.Acc] }, M.staff.ripetuto('Acc DirigenteAcc')],
      [{ allenatore: people.Coach, altri: [people.Coach] }, M.staff.ripetuto('Coach DirigenteCoach')],
    ];
    for (const [staff, error] of refused) expect((await save(m, { ...one, staff })).json()).toEqual({ error });
  });

  it("the accompanying official is required to print; a referee's attendant on an away match is refused and shown", async () => {
    const noAcc = await match({ accompagnatore: false });
    const a = await player();
    expect((await save(noAcc, { giocatori: [{ id: a, numero: 1 }] })).statusCode).toBe(200);
    const s = await sheet(noAcc);
    expect(s).toMatchObject({ stampabile: false, motivi: [M.motiviDistinta.senzaAccompagnatore] });
    const pdf = await api(admin, 'GET', `/api/partite/${noAcc}/distinta.pdf`);
    expect([pdf.statusCode, pdf.json()]).toEqual([409, { error: M.nonStampabile(M.motiviDistinta.senzaAccompagnatore), motivi: [M.motiviDistinta.senzaAccompagnatore], problemi: [] }]);

    const away = await match({ casa: false, addetto: true });
    const res = await save(away, { giocatori: [{ id: a, numero: 1 }] });
    expect([res.statusCode, res.json()]).toEqual([400, { error: M.motiviDistinta.addettoInTrasferta }]);
    expect((await sheet(away)).motivi).toEqual([M.motiviDistinta.nonSalvata, M.motiviDistinta.addettoInTrasferta]);
    // At home the attendant is on the sheet.
    const home = await match({ addetto: true });
    expect((await save(home, { giocatori: [{ id: a, numero: 1 }] })).json().data.staff.map((x: { ruolo: string }) => x.ruolo)).toEqual(['accompagnatore', 'addettoArbitro']);
  });
});

describe('who may see and change a sheet', () => {
  it('admins and editors who follow the category change it; readers who follow it read and print; nobody else', async () => {
    const m = await match();
    const a = await player();
    const body = { giocatori: [{ id: a, numero: 5 }] };
    expect((await save(m, body, editorPulcini)).statusCode).toBe(200);
    expect((await save(m, body, admin)).statusCode).toBe(200);
    const notFollowed = { error: M.notFollowed('Pulcini') };
    for (const who of [editorEsordienti, readerNone]) {
      for (const url of [`/api/partite/${m}/distinta`, `/api/partite/${m}/distinta.pdf`, `/api/partite/${m}/distinta/stampe`]) {
        const res = await api(who, 'GET', url);
        expect([res.statusCode, res.json()]).toEqual([403, notFollowed]);
      }
    }
    expect((await save(m, body, editorEsordienti)).json()).toEqual(notFollowed);
    const readerPut = await save(m, body, readerPulcini);
    expect([readerPut.statusCode, readerPut.json()]).toEqual([403, { error: M.forbiddenWrite }]);
    expect((await api(readerPulcini, 'GET', `/api/partite/${m}/distinta`)).statusCode).toBe(200);
    expect((await api(readerPulcini, 'GET', `/api/partite/${m}/distinta.pdf`)).statusCode).toBe(200);
    expect((await api(readerPulcini, 'GET', `/api/partite/${m}/distinta/stampe`)).statusCode).toBe(200);
    for (const url of [`/api/partite/${m}/distinta`, `/api/partite/${m}/distinta.pdf`]) expect((await api(null, 'GET', url)).statusCode).toBe(401);
    expect((await save(m, body, null as unknown as TestUser)).statusCode).toBe(401);
    for (const id of ['999999', 'abc', '0', '01']) {
      const res = await api(admin, 'GET', `/api/partite/${id}/distinta`);
      expect([res.statusCode, res.json()]).toEqual([404, { error: MSG.match.notFound }]);
    }
    expect((await save(999999, body)).json()).toEqual({ error: MSG.match.notFound });
  });
});

describe('the PDF', () => {
  it('two identical pages, one per copy: every player with name and card, the staff, the warnings as footnotes, the declaration; fonts embedded, names at 11 pt', async () => {
    const m = await match({ addetto: true });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(
        await player({
          cognome: `Cognome${String(i).padStart(2, '0')}`,
          nome: `Nome${i}`,
          numero_tessera: i === 4 ? null : `TS-${1000 + i}`,
          data_nascita: i === 7 ? '2018-02-03' : '2016-09-01',
        }),
      );
    }
    const giocatori = ids.map((id, i) => ({ id, numero: i + 1, capitano: i === 0, vice: i === 1 }));
    expect((await save(m, { giocatori, staff: { allenatore: people.Coach } }, editorPulcini)).statusCode).toBe(200);
    const res = await api(readerPulcini, 'GET', `/api/partite/${m}/distinta.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="distinta-${DAY}-${m}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = res.rawPayload;
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    const [arbitro, avversaria] = M.pdf.copie;
    expect(pages[0]).toContain(arbitro);
    expect(pages[1]).toContain(avversaria);
    expect(pages[0].split(arbitro).join('')).toBe(pages[1].split(avversaria).join(''));
    const page = pages[0];
    for (const text of ['Garibaldina', M.title, 'Garibaldina - Lupi', 'Categoria: Pulcini', 'Gara: Campionato', 'sabato 10 aprile 2027', 'Ora: 10:00', 'Campo: Stadio Comunale']) {
      expect(page).toContain(text);
    }
    for (const c of Object.values(M.pdf.colonne)) expect(page).toContain(c);
    for (let i = 0; i < 20; i++) {
      expect(page).toContain(`Cognome${String(i).padStart(2, '0')} Nome${i}`);
      if (i !== 4) expect(page).toContain(`TS-${1000 + i}`);
    }
    expect(page).toMatch(/1 Cognome00 Nome0 01\/09\/2016 TS-1000 C\n/);
    expect(page).toMatch(/2 Cognome01 Nome1 01\/09\/2016 TS-1001 VC\n/);
    // The warnings: a footnote each, its number beside the player.
    expect(page).toMatch(/5 Cognome04 Nome4 \(1\) 01\/09\/2016 —/);
    expect(page).toMatch(/8 Cognome07 Nome7 \(2\) 03\/02\/2018 TS-1007/);
    expect(page).toContain(`(1) ${M.avvisi.tesseraMancante}`);
    expect(page).toContain(`(2) ${M.avvisi.fuoriAnni(2018, 2016, 2017)}`);
    expect(page).toContain(`(3) ${M.avvisiDistinta.staffSenzaTessera(M.ruoli.addettoArbitro, 'Addetto DirigenteAddetto')}`);
    // The staff with roles and cards; the signature; the art. 61 c.5 declaration (a player has no card).
    expect(page).toContain(`${M.ruoli.accompagnatore} DirigenteAcc Acc D-100`);
    expect(page).toContain(`${M.ruoli.addettoArbitro} DirigenteAddetto Addetto —`);
    expect(page).toContain(`${M.ruoli.allenatore} DirigenteCoach Coach A-200`);
    expect(page).toContain(M.pdf.firma);
    expect(page).toContain('(Acc DirigenteAcc)');
    expect(page).toContain(M.pdf.variazioni);
    expect(page.replace(/\s+/g, ' ')).toContain(M.pdf.dichiarazione);

    const fonts = await pdfFonts(pdf);
    expect(fonts.flat().length).toBeGreaterThan(0);
    expect(fonts.flat().filter((f) => !f.embedded)).toEqual([]);
    expect(fonts.flat().every((f) => /DejaVuSans/.test(f.name))).toBe(true);
    const layout = await pdfLayout(pdf);
    for (const p of layout) {
      const nameItems = p.items.filter((it) => /^Cognome\d\d/.test(it.str));
      expect(nameItems).toHaveLength(20);
      expect(Math.min(...nameItems.map((it) => it.size))).toBeGreaterThanOrEqual(11);
    }
  });

  it('a sheet where everyone has a card and nothing is warned prints no declaration and no notes', async () => {
    const m = await match();
    const ids = [await player({ cognome: 'ConTessera', numero_tessera: 'TS-1' }), await player({ cognome: 'AncheLui', numero_tessera: 'TS-2' })];
    const giocatori = ids.map((id, i) => ({ id, numero: i + 1, capitano: i === 0, vice: i === 1 }));
    expect((await save(m, { giocatori, staff: { allenatore: people.Coach } }, editorPulcini)).statusCode).toBe(200);
    const res = await api(readerPulcini, 'GET', `/api/partite/${m}/distinta.pdf`);
    expect(res.statusCode).toBe(200);
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page).toMatch(/1 ConTessera Luca .* TS-1 C\n/);
      expect(page).toContain(M.pdf.firma);
      expect(page.replace(/\s+/g, ' ')).not.toContain(M.pdf.dichiarazione);
      expect(page).not.toMatch(new RegExp(`^${M.pdf.note}$`, 'm'));
      expect(page).not.toContain('(1)');
    }
  });

  it('a sheet with a player who may no longer play (the certificate changed after the save) is not printed', async () => {
    const m = await match();
    const a = await player({ cognome: 'Ok' });
    const b = await player({ cognome: 'Scaduto' });
    expect((await save(m, { giocatori: [{ id: a, numero: 1 }, { id: b, numero: 2 }] })).statusCode).toBe(200);
    await t.db.pool.query(`UPDATE public.giocatori SET certificato_scadenza = '2027-04-01' WHERE id = $1`, [b]);
    const res = await api(admin, 'GET', `/api/partite/${m}/distinta.pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: M.nonStampabile(M.motiviDistinta.giocatoriNonIdonei(1)),
      motivi: [M.motiviDistinta.giocatoriNonIdonei(1)],
      problemi: [{ giocatore: b, motivo: 'Certificato scaduto il 01/04/2027' }],
    });
    expect(await count('distinte_stampe')).toBe(0);
    // A sheet never saved: the proposal's blocked player is not the sheet's reason.
    const unsaved = await match();
    const proposal = await api(admin, 'GET', `/api/partite/${unsaved}/distinta.pdf`);
    expect([proposal.statusCode, proposal.json()]).toEqual([409, { error: M.nonStampabile(M.motiviDistinta.nonSalvata), motivi: [M.motiviDistinta.nonSalvata], problemi: [] }]);
  });

  it('each print is kept and recorded naming the match; the history survives the erasure of a player as "Giocatore rimosso"', async () => {
    const m = await match();
    const a = await player({ cognome: SURNAME, numero_tessera: 'QZ-55501' });
    const b = await player({ cognome: 'Resta' });
    expect((await save(m, { giocatori: [{ id: a, numero: 10, capitano: true }, { id: b, numero: 11 }] })).statusCode).toBe(200);
    expect((await api(readerPulcini, 'GET', `/api/partite/${m}/distinta.pdf`)).statusCode).toBe(200);
    const printed = (await activities()).filter((r) => r.activity_message.startsWith('Distinta stampata'));
    expect(printed.map((r) => r.activity_message)).toEqual([M.activity.printed('Garibaldina - Lupi (Pulcini) del 10/04/2027 ore 10:00', 2)]);
    expect(printed[0].context).toEqual({ partita: m, stampa: expect.any(Number), numeroGiocatori: 2 });
    expect(JSON.stringify(await activities())).not.toContain(SURNAME);

    let history = (await api(readerPulcini, 'GET', `/api/partite/${m}/distinta/stampe`)).json();
    expect(history.count).toBe(1);
    expect(history.data[0]).toMatchObject({ utente: readerPulcini.email, giocatori: [{ id: a, nome: `${SURNAME} Luca`, numero: 10, capitano: true, vice: false }, { id: b, nome: 'Resta Luca', numero: 11 }] });
    expect((await sheet(m)).stampe).toBe(1);

    expect((await api(admin, 'DELETE', `/api/giocatori/${a}`)).statusCode).toBe(200);
    history = (await api(admin, 'GET', `/api/partite/${m}/distinta/stampe`)).json();
    expect(history.data[0].giocatori).toEqual([
      { id: null, nome: GIOCATORI_MSG.rimosso, numero: 10, capitano: true, vice: false },
      { id: b, nome: 'Resta Luca', numero: 11, capitano: false, vice: false },
    ]);
    // The sheet lost the player; nothing of them is left in any table.
    expect((await sheet(m)).giocatori.map((g) => g.id)).toEqual([b]);
    const { rows: columns } = await t.db.pool.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'jsonb', 'json', 'character varying', 'ARRAY')`,
    );
    for (const needle of [SURNAME, 'QZ-55501']) {
      for (const c of columns) {
        const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM public."${c.table_name}" WHERE "${c.column_name}"::text ILIKE $1`, [`%${needle}%`]);
        expect(`${c.table_name}.${c.column_name}: ${rows[0].n}`).toBe(`${c.table_name}.${c.column_name}: 0`);
      }
    }
  });
});

describe("the day's sheets (GET /api/distinte)", () => {
  it('lists the matches of the day of the categories one follows, with the state of their sheet; no player named', async () => {
    const p = await match();
    const e = await match({ gruppo: 'Esordienti' });
    await match({ data: '2027-04-11' });
    const a = await player();
    expect((await save(p, { giocatori: [{ id: a, numero: 3 }] })).statusCode).toBe(200);
    const list = (who: TestUser) => api(who, 'GET', `/api/distinte?data=${DAY}`).then((r) => r.json());
    expect(await list(admin)).toEqual({
      data: [
        { partita: p, gruppo: 'Pulcini', salvata: true, giocatori: 1, stampe: 0 },
        { partita: e, gruppo: 'Esordienti', salvata: false, giocatori: 0, stampe: 0 },
      ],
      count: 2,
    });
    expect((await list(readerPulcini)).data.map((x: { partita: number }) => x.partita)).toEqual([p]);
    expect((await list(editorEsordienti)).data.map((x: { partita: number }) => x.partita)).toEqual([e]);
    expect(await list(readerNone)).toEqual({ data: [], count: 0 });
    const bad = await api(admin, 'GET', '/api/distinte?data=2027-02-30');
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: M.invalid.data }]);
    expect((await api(admin, 'GET', '/api/distinte')).json()).toEqual({ error: M.invalid.data });
  });
});
