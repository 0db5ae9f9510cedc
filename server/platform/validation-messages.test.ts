import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createUser, type TestUser } from '../../test/users';

// zod's English defaults ("Too big: expected string to have <=50 characters") must never reach a
// user: limits written without their own message answer with the Italian defaults of common/core/zod.ts.
let t: TestApp;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  reader = await createUser(t.db.pool, 'reader');
});
afterAll(() => t.close());

const ENGLISH = /\b(too|big|small|expected|invalid|input|string|characters|must|received|option)\b/i;

function expectItalian400(res: { statusCode: number; json: () => Record<string, unknown> }, field: 'error' | 'msg' = 'error') {
  expect(res.statusCode).toBe(400);
  const message = String(res.json()[field]);
  expect(message).not.toMatch(ENGLISH);
  return message;
}

describe('validation messages are Italian', () => {
  it('suggestions with a search longer than the filter limit', async () => {
    const res = await t.app.inject({ url: `/api/squadre/suggestions?search=${'a'.repeat(60)}`, headers: bearer(reader) });
    expect(expectItalian400(res)).toMatch(/^Il testo è troppo lungo \(massimo \d+ caratteri\)$/);
  });

  it('public listing with a 201-character filter value', async () => {
    const res = await t.app.inject({ url: `/api/partite/public?campo=${'a'.repeat(201)}` });
    expect(expectItalian400(res)).toBe('Il testo è troppo lungo (massimo 200 caratteri)');
  });

  it('public listing with a page out of range (docs/public-page.md)', async () => {
    for (const qs of ['limit=0', 'limit=201', 'limit=dieci', 'limit=%20']) {
      expect(expectItalian400(await t.app.inject({ url: `/api/partite/public?${qs}` }))).toBe('Numero di partite per pagina non valido (limit: un numero intero da 1 a 200)');
    }
    for (const qs of ['offset=-5', 'offset=100001', 'offset=0x10']) {
      expect(expectItalian400(await t.app.inject({ url: `/api/partite/public?${qs}` }))).toBe('Posizione di partenza non valida (offset: un numero intero da 0 a 100000)');
    }
  });

  it('auth calls past the max() limits of server/auth/schemas.ts', async () => {
    const recover = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      payload: { email: 'someone@example.com', code_challenge: 'x'.repeat(300), code_challenge_method: 's256' },
    });
    expect(expectItalian400(recover, 'msg')).toBe('Il testo è troppo lungo (massimo 256 caratteri)');
    const token = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: reader.email, password: 'x', gotrue_meta_security: { captcha_token: 'c'.repeat(5000) } },
    });
    expect(expectItalian400(token, 'msg')).toBe('Il testo è troppo lungo (massimo 4096 caratteri)');
  });

  it('a category referent without an email choosing a mail', async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const res = await t.app.inject({ method: 'POST', url: '/api/gruppi', headers: bearer(admin), payload: { name: 'Pulcini', components: [{ nome: 'A', cognome: 'B', notifiche: 'settimanale' }] } });
    expect(expectItalian400(res)).toBe("Il referente 1 non ha un'email: può ricevere notifiche solo con un indirizzo email");
  });

  it('training series and the slot finder past their limits (docs/trainings.md)', async () => {
    const editor = await createUser(t.db.pool, 'editor');
    const series = { gruppo: 'x'.repeat(101), campo: 'Campo', giorno: 9, oraInizio: '18:00', oraFine: '19:00', dal: '2026-09-01', al: '2027-06-30', spogliatoi: [], saltate: [] };
    const post = await t.app.inject({ method: 'POST', url: '/api/allenamenti', headers: bearer(editor), payload: series });
    expect(expectItalian400(post)).toBe('Categoria: al massimo 100 caratteri');
    const rooms = await t.app.inject({ method: 'POST', url: '/api/allenamenti', headers: bearer(editor), payload: { ...series, gruppo: 'Pulcini', giorno: 1, spogliatoi: Array(20).fill(1) } });
    expect(expectItalian400(rooms)).toBe('Gli spogliatoi devono essere numeri diversi tra 1 e 7');
    const skip = await t.app.inject({ method: 'POST', url: '/api/allenamenti/1/salta', headers: bearer(editor), payload: { data: 'x'.repeat(5000) } });
    expect(expectItalian400(skip)).toBe('La data deve essere nel formato aaaa-mm-gg');
    const slots = await t.app.inject({ url: `/api/slot-liberi?gruppo=${'a'.repeat(101)}`, headers: bearer(editor) });
    expect(expectItalian400(slots)).toBe('Richiesta non valida - controlla i dati inviati');
    const durata = await t.app.inject({ url: '/api/slot-liberi?gruppo=Pulcini&durata=mezzora', headers: bearer(editor) });
    expect(expectItalian400(durata)).toBe('La durata deve essere un numero di minuti tra 30 e 240');
  });

  it("the club's closures past their limits (docs/trainings.md)", async () => {
    const editor = await createUser(t.db.pool, 'editor');
    const closure = { nome: 'x'.repeat(101), dal: '2026-12-23', al: '2027-01-06' };
    const post = await t.app.inject({ method: 'POST', url: '/api/chiusure', headers: bearer(editor), payload: closure });
    expect(expectItalian400(post)).toBe('Nome: al massimo 100 caratteri');
    const long = await t.app.inject({ method: 'POST', url: '/api/chiusure', headers: bearer(editor), payload: { ...closure, nome: 'Estate', al: '2027-12-31' } });
    expect(expectItalian400(long)).toBe('Una chiusura può durare al massimo 120 giorni');
    const date = await t.app.inject({ method: 'PUT', url: '/api/chiusure/1', headers: bearer(editor), payload: { ...closure, nome: 'Natale', dal: 'x'.repeat(5000) } });
    expect(expectItalian400(date)).toBe('La data deve essere nel formato aaaa-mm-gg');
  });

  it("a status move's slot fields past their limits (docs/matches.md, status)", async () => {
    const editor = await createUser(t.db.pool, 'editor');
    const body = { ids: [1], azione: 'rinvia', nuovaData: '2999-01-01', ora: '10:00', oraFine: '11:00', campo: 'Campo 1' };
    const post = (over: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/partite/stato', headers: bearer(editor), payload: { ...body, ...over } });
    expect(expectItalian400(await post({ ora: '1'.repeat(5000) }))).toBe('Ora non valida: usa il formato HH:MM');
    expect(expectItalian400(await post({ campo: 'c'.repeat(5000) }))).toBe('Testo troppo lungo: massimo 100 caratteri');
    expect(expectItalian400(await post({ spogliatoioGari: 'tre' }))).toBe('I numeri degli spogliatoi devono essere compresi tra 1 e 7');
    expect(expectItalian400(await post({ ids: [1, 2] }))).toBe('Uno slot si applica a una sola partita alla volta: seleziona una partita.');
  });

  it("'Reinvia invito' with a bad id or a body (docs/users.md)", async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const bad = await t.app.inject({ method: 'POST', url: '/api/users/non-un-id/reinvito', headers: bearer(admin), payload: {} });
    expect(expectItalian400(bad)).toBe('ID utente non valido');
    const body = await t.app.inject({ method: 'POST', url: `/api/users/${admin.id}/reinvito`, headers: bearer(admin), payload: { link: 'x'.repeat(5000) } });
    expect(body.statusCode).toBe(400);
  });

  it('officials and designations past their limits (docs/officials.md)', async () => {
    const editor = await createUser(t.db.pool, 'editor');
    const person = { nome: 'x'.repeat(101), cognome: 'Rossi', email: 'm@example.it', telefono: null, qualifiche: [] };
    const post = await t.app.inject({ method: 'POST', url: '/api/dirigenti', headers: bearer(editor), payload: person });
    expect(expectItalian400(post)).toBe('Nome: al massimo 100 caratteri');
    const email = await t.app.inject({ method: 'POST', url: '/api/dirigenti', headers: bearer(editor), payload: { ...person, nome: 'Mario', email: `${'a'.repeat(300)}@example.it` } });
    expect(expectItalian400(email)).toBe('Inserisci un indirizzo email valido');
    const many = await t.app.inject({ method: 'POST', url: '/api/dirigenti', headers: bearer(editor), payload: { ...person, nome: 'Mario', qualifiche: Array(50).fill('arbitro') } });
    expect(expectItalian400(many)).toBe('Qualifica non valida');
    // The card number (printed on the team sheet): one line, at most 20 characters, as the form.
    for (const numeroTessera of ['AB\n123', 'AB\r123', '1'.repeat(21), ' '.repeat(5000), ['12'], { n: 1 }]) {
      const card = await t.app.inject({ method: 'POST', url: '/api/dirigenti', headers: bearer(editor), payload: { ...person, nome: 'Mario', numeroTessera } });
      expect(expectItalian400(card)).toBe('Numero di tessera: al massimo 20 caratteri tra lettere, cifre, spazi e i segni / . -');
    }
    const separator = await t.app.inject({ method: 'POST', url: '/api/dirigenti', headers: bearer(editor), payload: { ...person, nome: 'Mario', numeroTessera: 'AB\u2028123' } });
    expect(expectItalian400(separator)).toBe('Testo non valido: contiene caratteri di controllo o non stampabili');
    const id = await t.app.inject({ method: 'PUT', url: '/api/partite/1/designazioni', headers: bearer(editor), payload: { arbitro: 2 ** 40, accompagnatore: null, addettoArbitro: null } });
    expect(expectItalian400(id)).toBe('Designazione non valida');
    const period = await t.app.inject({ url: `/api/designazioni?from=${'2'.repeat(300)}&to=2026-01-01`, headers: bearer(editor) });
    expect(expectItalian400(period)).toBe('Richiesta non valida - controlla i dati inviati');
    const giorni = await t.app.inject({ url: `/api/designazioni/scoperte?giorni=${'9'.repeat(300)}`, headers: bearer(editor) });
    expect(expectItalian400(giorni)).toBe('I giorni devono essere un numero da 1 a 60');
  });

  it('a match saved with its designations past their limits (docs/matches.md)', async () => {
    const editor = await createUser(t.db.pool, 'editor');
    const match = { data: '2099-05-10', ora: '10:00', oraFine: '11:00', squadraCasa: 'Garibaldina', squadraTrasferta: 'Lupi', campo: 'Comunale', gruppo: 'Pulcini', isHouseMatch: true, tipoGara: 'campionato' };
    const put = (designazioni: unknown) => t.app.inject({ method: 'PUT', url: '/api/partite/1', headers: bearer(editor), payload: { ...match, designazioni } });
    expect(expectItalian400(await put({ arbitro: 2 ** 40, accompagnatore: null, addettoArbitro: null }))).toBe('Designazione non valida');
    expect(expectItalian400(await put({ arbitro: null, accompagnatore: null, addettoArbitro: null, extra: 'x'.repeat(300) }))).toBe('Campo non previsto: extra');
    expect(expectItalian400(await put('tutti'))).toBe('Richiesta non valida - controlla i dati inviati');
    expect(expectItalian400(await put({ arbitro: null, accompagnatore: null, addettoArbitro: null, confermaSovrapposizioni: 'sì' }))).toBe('confermaSovrapposizioni deve essere vero o falso');
  });

  it('the team sheet and the day of its list past their limits (docs/teamsheet.md)', async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const put = (body: object) => t.app.inject({ method: 'PUT', url: '/api/partite/1/distinta', headers: bearer(admin), payload: body });
    expect(expectItalian400(await put({ giocatori: [{ id: 1, numero: 'x'.repeat(300) }] }))).toBe('Il numero di maglia deve essere un intero da 1 a 99');
    expect(expectItalian400(await put({ giocatori: Array.from({ length: 100 }, (_, i) => ({ id: i + 1, numero: 1 })) }))).toBe('Al massimo 99 giocatori in distinta');
    expect(expectItalian400(await put({ giocatori: [], staff: { altri: Array.from({ length: 9 }, (_, i) => i + 1) } }))).toBe('Al massimo 8 altri ammessi nel recinto di gioco');
    expect(expectItalian400(await put({ giocatori: [], staff: { allenatore: 2 ** 40 } }))).toBe('Id del dirigente non valido');
    expect(expectItalian400(await put({ giocatori: [], extra: 'x'.repeat(300) }))).toBe('Campo non previsto: extra');
    expect(expectItalian400(await put({ giocatori: [{ id: 1, numero: 1, capitano: 'sì' }] }))).toBe('capitano e vice devono essere vero o falso');
    const day = await t.app.inject({ url: `/api/distinte?data=${'2'.repeat(300)}`, headers: bearer(admin) });
    expect(expectItalian400(day)).toBe('La data deve essere nel formato aaaa-mm-gg');
  });

  it('players, their filters and the categories a user follows past their limits (docs/players.md)', async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const p = { nome: 'Luca', cognome: 'Bianchi', dataNascita: '2016-04-02', gruppo: 'Pulcini' };
    const post = (body: object) => t.app.inject({ method: 'POST', url: '/api/giocatori', headers: bearer(admin), payload: body });
    expect(expectItalian400(await post({ ...p, cognome: 'x'.repeat(5000) }))).toBe('Cognome: al massimo 50 caratteri');
    expect(expectItalian400(await post({ ...p, dataNascita: 'x'.repeat(5000) }))).toBe('Data di nascita: la data deve essere nel formato aaaa-mm-gg');
    expect(expectItalian400(await post({ ...p, note: 'x'.repeat(201) }))).toBe('Note: al massimo 200 caratteri');
    expect(expectItalian400(await post({ ...p, contatti: [{ nome: 'A', relazione: 'x'.repeat(31) }] }))).toBe('Contatto 1, relazione: al massimo 30 caratteri');
    expect(expectItalian400(await post({ ...p, contatti: 'mamma' }))).toBe('Contatto non valido');
    expect(expectItalian400(await post({ ...p, numeroTessera: 12345 }))).toBe('Numero di tessera: il testo contiene caratteri non ammessi');
    const list = await t.app.inject({ url: `/api/giocatori?scadenzaEntro=${'9'.repeat(300)}`, headers: bearer(admin) });
    expect(expectItalian400(list)).toBe('scadenzaEntro deve essere un numero di giorni da 0 a 366');
    const flags = await t.app.inject({ url: `/api/giocatori/avvisi-partite?dal=${'2'.repeat(300)}&al=2026-01-01`, headers: bearer(admin) });
    expect(expectItalian400(flags)).toBe('Periodo non valido: dal e al devono essere date aaaa-mm-gg, dal non dopo al, al massimo 62 giorni');
    const many = await t.app.inject({ method: 'POST', url: '/api/giocatori/import', headers: bearer(admin), payload: { giocatori: Array(1001).fill(p) } });
    expect(expectItalian400(many)).toBe('Puoi importare al massimo 1000 giocatori per volta');
    const ties = await t.app.inject({ method: 'PUT', url: `/api/users/${reader.id}/gruppi`, headers: bearer(admin), payload: { gruppi: Array(201).fill('Pulcini') } });
    expect(expectItalian400(ties)).toBe('Al massimo 200 categorie');
    const tie = await t.app.inject({ method: 'PUT', url: `/api/users/${reader.id}/gruppi`, headers: bearer(admin), payload: { gruppi: ['x'.repeat(300)] } });
    expect(expectItalian400(tie)).toBe('Nome di categoria non valido');
  });

  it('call-ups, their answers and their period past their limits (docs/callups.md)', async () => {
    const admin = await createUser(t.db.pool, 'admin');
    const put = (body: object, url = '/api/partite/1/convocazione') => t.app.inject({ method: 'PUT', url, headers: bearer(admin), payload: body });
    expect(expectItalian400(await put({ giocatori: Array.from({ length: 61 }, (_, i) => i + 1) }))).toBe('Al massimo 60 giocatori convocati');
    expect(expectItalian400(await put({ giocatori: [1.5] }))).toBe('Giocatore non valido');
    expect(expectItalian400(await put({ giocatori: [2 ** 40] }))).toBe('Giocatore non valido');
    expect(expectItalian400(await put({ giocatori: [], ritrovo: { ora: '14:00', luogo: 'x'.repeat(5000) } }))).toBe('Luogo del ritrovo: al massimo 100 caratteri');
    expect(expectItalian400(await put({ giocatori: [], ritrovo: { ora: 'x'.repeat(5000) } }))).toBe("L'ora del ritrovo deve essere nel formato hh:mm");
    expect(expectItalian400(await put({ giocatori: [], ritrovo: 'presto' }))).toBe('Il ritrovo deve avere ora (hh:mm) e luogo');
    expect(expectItalian400(await put({ giocatori: [], scadenza: 'x'.repeat(5000) }))).toMatch(/^La scadenza deve essere una data e ora con fuso orario/);
    expect(expectItalian400(await put({ giocatori: [], note: 'x'.repeat(501) }))).toBe('Note: al massimo 500 caratteri');
    const answer = (body: object) => put(body, '/api/partite/1/convocazione/giocatori/1');
    expect(expectItalian400(await answer({ risposta: 'x'.repeat(5000) }))).toBe('La risposta deve essere si, no o null');
    expect(expectItalian400(await answer({ risposta: 'si', nota: 'x'.repeat(201) }))).toBe('Nota: al massimo 200 caratteri');
    expect(expectItalian400(await answer({ risposta: 'si', extra: 1 }))).toBe('Campo non previsto: extra');
    const period = await t.app.inject({ url: `/api/convocazioni?from=${'2'.repeat(300)}&to=2026-01-01`, headers: bearer(admin) });
    expect(expectItalian400(period)).toMatch(/^Periodo non valido/);
    const tutte = await t.app.inject({ url: '/api/convocazioni?from=2026-01-01&to=2026-01-01&partite=x', headers: bearer(admin) });
    expect(expectItalian400(tutte)).toBe("partite accetta solo 'tutte' (anche le partite senza convocazione)");
  });
});
