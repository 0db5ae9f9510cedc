import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderWithProviders, signedInStore, withStandInServer } from '../../../test/render';
import { todayIn } from '../../../common/core/dates';
import { dmy, GIOCATORI_MSG as G, PLAYERS_UI as U } from '../../../common/players/messages';
import { addDays, REGOLA_CERTIFICATO_DEFAULT, type Giocatore } from '../../../common/players/rules';
import type { DaRimuovere } from '../../../common/players/types';
import type { Role } from '../../../common/users/roles';
import PlayersPage from './PlayersPage';

const TODAY = todayIn('Europe/Rome');
/** A birth date `years` years before today (a 9-year-old needs the non-competitive certificate, a 14-year-old the competitive one). */
const bornYearsAgo = (years: number) => `${Number(TODAY.slice(0, 4)) - years}-03-15`;

const player = (id: number, over: Partial<Giocatore>): Giocatore => ({
  id,
  nome: 'Luca',
  cognome: 'Rossi',
  dataNascita: bornYearsAgo(9),
  gruppo: 'Pulcini',
  numeroTessera: `T${id}`,
  certificato: { tipo: 'non_agonistico', scadenza: addDays(TODAY, 200) },
  squalificatoFino: null,
  contatti: [{ nome: 'Maria Rossi', relazione: 'madre', email: 'maria@example.it', telefono: null }],
  note: null,
  ...over,
});

const ROSSI = player(1, {});
const BIANCHI = player(2, { nome: 'Anna', cognome: 'Bianchi', certificato: { tipo: 'non_agonistico', scadenza: addDays(TODAY, 10) } });
const VERDI = player(3, { nome: 'Marco', cognome: 'Verdi', certificato: { tipo: 'agonistico', scadenza: addDays(TODAY, -1) }, squalificatoFino: addDays(TODAY, 6) });
const NERI = player(4, { nome: 'Sara', cognome: 'Neri', certificato: null, numeroTessera: null });
const ESPOSITO = player(5, { nome: 'Giulia', cognome: 'Esposito', gruppo: 'Esordienti', dataNascita: bornYearsAgo(14) });
const ALL = [BIANCHI, NERI, ROSSI, VERDI, ESPOSITO];

type Answer = { status: number; body?: unknown };

describe('Giocatori screen', () => {
  let players: Giocatore[] = [];
  let writeAnswers: Answer[] = [];
  /** What 'Da rimuovere' proposes (while the player is still there). */
  let review: DaRimuovere[] = [];
  /** The categories the caller follows, as GET /api/giocatori answers them. */
  let seguite: string[] = [];
  const server = withStandInServer((req) => {
    if (req.url === '/api/config') return { status: 200, body: { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: 'Europe/Rome' } };
    if (req.method === 'GET' && req.url === '/api/giocatori') {
      // As the server does: only the players of the categories followed.
      const data = players.filter((p) => seguite.includes(p.gruppo));
      return { status: 200, body: { data, count: data.length, regola: REGOLA_CERTIFICATO_DEFAULT, seguite } };
    }
    if (req.method === 'GET' && req.url === '/api/giocatori/da-rimuovere') {
      const data = review.filter((r) => players.some((p) => p.id === r.id));
      return { status: 200, body: { data, count: data.length } };
    }
    if (req.method === 'POST' && req.url === '/api/giocatori/import') {
      const next = writeAnswers.shift();
      if (next) return next;
      const rows = (JSON.parse(req.body) as { giocatori: Omit<Giocatore, 'id'>[] }).giocatori;
      const ids = rows.map((_r, i) => 200 + i);
      players = [...players, ...rows.map((r, i) => ({ ...r, id: ids[i], squalificatoFino: null, contatti: [], note: null }))];
      return { status: 201, body: { create: rows.length, ids } };
    }
    const one = /^\/api\/giocatori\/(\d+)(\/export)?$/.exec(req.url);
    if (req.method === 'GET' && one?.[2]) {
      const p = players.find((x) => x.id === Number(one[1]))!;
      return { status: 200, body: { data: { esportatoIl: '2026-11-28T10:00:00.000Z', giocatore: { ...p, creatoIl: 'x', aggiornatoIl: 'y' }, attivita: [] } } };
    }
    if ((req.method === 'POST' && req.url === '/api/giocatori') || (req.method === 'PUT' && one)) {
      const next = writeAnswers.shift();
      if (next) return next;
      const id = one ? Number(one[1]) : 100 + players.length;
      const saved = { id, ...JSON.parse(req.body) } as Giocatore;
      players = one ? players.map((p) => (p.id === id ? saved : p)) : [...players, saved];
      return { status: one ? 200 : 201, body: { data: saved, avvisi: [] } };
    }
    if (req.method === 'DELETE' && one) {
      const next = writeAnswers.shift();
      if (next) return next;
      players = players.filter((p) => p.id !== Number(one[1]));
      return { status: 200, body: { data: { id: Number(one[1]) }, message: G.erased } };
    }
    return { status: 404, body: { error: 'Risorsa non trovata' } };
  });
  beforeEach(() => {
    players = [...ALL];
    seguite = ['Esordienti', 'Giovanissimi', 'Pulcini'];
    writeAnswers = [];
    review = [
      { id: 4, nome: 'Sara', cognome: 'Neri', gruppo: 'Pulcini', motivo: 'non_aggiornato', aggiornatoIl: '2025-06-30T22:30:00.000Z' },
      { id: 5, nome: 'Giulia', cognome: 'Esposito', gruppo: 'Esordienti', motivo: 'categoria_inattiva', aggiornatoIl: '2025-09-01T08:00:00.000Z' },
    ];
  });

  const renderAs = (role: Role) => renderWithProviders(<PlayersPage />, { store: signedInStore(role), route: '/giocatori' });
  const writes = (method: string) => server.requests.filter((r) => r.method === method && r.url.startsWith('/api/giocatori'));
  const names = () => screen.getAllByTestId('giocatore-nome').map((n) => n.textContent);
  const chipOf = (name: string) => within(screen.getByRole('row', { name: new RegExp(name) })).getByTestId('certificato-chip');
  const count = (c: string) => screen.getByTestId(`count-${c}`);
  /** The field around an input (its label, value and the message under it). */
  const under = (input: HTMLElement) => input.closest('.MuiFormControl-root, .MuiPickersTextField-root') as HTMLElement;

  it("opens on the first followed category: the certificate as a chip of its state with the date, the counts, a suspension; the picker, counts and search narrow it", async () => {
    const user = userEvent.setup();
    renderAs('editor');
    await screen.findByRole('grid', { name: G.title });
    expect(screen.getByRole('combobox', { name: U.categoryPicker })).toHaveTextContent(U.categoryOption('Pulcini', 4));
    expect(names()).toEqual(['Bianchi Anna', 'Neri Sara', 'Rossi Luca', 'Verdi Marco']);
    expect(screen.getByTestId('giocatori-count')).toHaveTextContent(U.count(4));

    expect(chipOf('Rossi Luca')).toHaveTextContent(U.chip.valido(ROSSI.certificato!.scadenza));
    expect(chipOf('Rossi Luca')).toHaveAttribute('data-stato', 'valido');
    expect(chipOf('Bianchi Anna')).toHaveTextContent(U.chip.in_scadenza(BIANCHI.certificato!.scadenza));
    expect(chipOf('Bianchi Anna')).toHaveAttribute('data-stato', 'in_scadenza');
    expect(chipOf('Verdi Marco')).toHaveTextContent(U.chip.scaduto(VERDI.certificato!.scadenza));
    expect(chipOf('Neri Sara')).toHaveTextContent(U.chip.mancante);
    expect(within(screen.getByRole('row', { name: /Verdi Marco/ })).getByTestId('squalifica-chip')).toHaveTextContent(U.squalificaFino(VERDI.squalificatoFino!));
    expect(within(screen.getByRole('row', { name: /Neri Sara/ })).getByText(U.noTessera)).toBeInTheDocument();
    for (const [c, n] of [['valido', 1], ['in_scadenza', 1], ['scaduto', 1], ['mancante', 1]] as const) expect(count(c)).toHaveAccessibleName(`${U.counts[c]} ${n}`);

    // A count filters the roster; a second click shows everyone again.
    await user.click(count('scaduto'));
    expect(count('scaduto')).toHaveAttribute('aria-pressed', 'true');
    expect(names()).toEqual(['Verdi Marco']);
    await user.click(count('scaduto'));
    expect(names()).toHaveLength(4);

    await user.click(screen.getByRole('combobox', { name: U.categoryPicker }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: U.categoryOption('Esordienti', 1) }));
    expect(names()).toEqual(['Esposito Giulia']);
    // A 14-year-old with a non-competitive certificate: not enough.
    expect(chipOf('Esposito Giulia')).toHaveTextContent(U.chip.tipo_non_valido);
    expect(count('scaduto')).toHaveAccessibleName(`${U.counts.scaduto} 1`);

    await user.click(screen.getByRole('combobox', { name: U.categoryPicker }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: U.allCategories }));
    expect(names()).toHaveLength(5);
    await user.type(screen.getByRole('textbox', { name: U.search }), 'T3');
    expect(names()).toEqual(['Verdi Marco']);
    await user.type(screen.getByRole('textbox', { name: U.search }), 'x');
    expect(screen.getByText(U.noneFiltered)).toBeInTheDocument();
  });

  it("'Scadenze' lists, for every followed category, the expired, not enough, expiring certificates and the missing papers by date; an editor opens the player from a line", async () => {
    const user = userEvent.setup();
    renderAs('editor');
    const panel = await screen.findByTestId('scadenze-panel');
    expect(within(panel).getByRole('heading', { name: U.expiry.titleCount(5) })).toBeInTheDocument();
    const lines = within(panel).getAllByTestId('scadenza');
    expect(lines.map((l) => [l.querySelector('button')?.textContent, l.getAttribute('data-motivo')])).toEqual([
      ['Verdi Marco', 'scaduto'],
      ['Bianchi Anna', 'in_scadenza'],
      ['Esposito Giulia', 'tipo_non_valido'],
      ['Neri Sara', 'certificato_mancante'],
      ['Neri Sara', 'tessera_mancante'],
    ]);
    expect(lines[0]).toHaveTextContent(`${G.motivi.scaduto} · ${G.scadutoIl(VERDI.certificato!.scadenza)}`);
    expect(lines[1]).toHaveTextContent(`Pulcini${G.motivi.in_scadenza} · ${G.scadeIl(BIANCHI.certificato!.scadenza)}`);
    expect(lines[2]).toHaveTextContent(`Esordienti${G.motivi.tipo_non_valido}`);

    await user.click(within(panel).getByRole('button', { name: U.expiry.open('Bianchi Anna') }));
    const dialog = await screen.findByRole('dialog', { name: U.form.editTitle });
    expect(within(dialog).getByRole('textbox', { name: /^Cognome/ })).toHaveValue('Bianchi');
  });

  /** Opens 'Aggiungi giocatore' and returns the dialog with ways to fill it. */
  async function openAdd(user: UserEvent) {
    await user.click((await screen.findAllByRole('button', { name: U.add }))[0]);
    const dialog = await screen.findByRole('dialog', { name: U.form.addTitle });
    const inside = within(dialog);
    const text = (label: string, where: HTMLElement = dialog) => within(where).getByRole('textbox', { name: new RegExp(`^${label}`) });
    return {
      dialog,
      text,
      /** Types a date into a picker's sections (it-IT: dd/mm/yyyy). */
      typeDate: async (label: string, iso: string) => {
        await user.click(within(inside.getByRole('group', { name: new RegExp(`^${label}`) })).getByRole('spinbutton', { name: 'Giorno' }));
        await user.keyboard(dmy(iso).replaceAll('/', ''));
      },
      /** Pastes a whole value into a text field, as a person pasting it. */
      paste: async (label: string, value: string, where?: HTMLElement) => {
        await user.click(text(label, where));
        await user.paste(value);
      },
      dateField: (label: string) => under(inside.getByRole('group', { name: new RegExp(`^${label}`) })),
      save: () => inside.getByRole('button', { name: U.form.save }),
      another: () => inside.getByRole('button', { name: U.form.saveAndAddAnother }),
    };
  }

  it("the add form shows each problem under its field as typed, the first one above 'Salva', which waits; a minor without a reachable guardian is a warning only", async () => {
    players = [];
    const user = userEvent.setup();
    renderAs('editor');
    const f = await openAdd(user);
    expect(within(f.dialog).getByRole('combobox', { name: /^Categoria/ })).toHaveTextContent('Pulcini');
    expect(f.save()).toBeDisabled();
    expect(f.another()).toBeDisabled();

    await user.type(f.text(G.fields.cognome), 'x');
    await user.clear(f.text(G.fields.cognome));
    await waitFor(() => expect(under(f.text(G.fields.cognome))).toHaveTextContent(G.invalid.cognome));
    await f.paste(G.fields.nome, 'Luca');
    await f.paste(G.fields.cognome, 'Bianchi');
    await f.typeDate(G.fields.dataNascita, addDays(TODAY, 3));
    await waitFor(() => expect(f.dateField(G.fields.dataNascita)).toHaveTextContent(G.invalid.nascitaFutura));
    expect(within(f.dialog).getByTestId('giocatore-problem')).toHaveTextContent(G.invalid.nascitaFutura);
    expect(f.save()).toBeDisabled();
    await f.typeDate(G.fields.dataNascita, bornYearsAgo(8));
    await waitFor(() => expect(f.dialog).not.toHaveTextContent(G.invalid.nascitaFutura));
    expect(within(f.dialog).getByTestId('certificato-richiesto')).toHaveTextContent(U.form.richiesto.non_agonistico);
    expect(f.save()).toBeEnabled();
    // A minor with nobody to reach: a warning, not a refusal.
    expect(within(f.dialog).getByTestId('giocatore-avviso')).toHaveTextContent(G.nessunContatto);

    // A certificate's type without its expiry is not one.
    await user.click(within(f.dialog).getByRole('combobox', { name: new RegExp(`^${G.fields.tipo}`) }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: G.tipi.agonistico }));
    await waitFor(() => expect(f.save()).toBeDisabled());

    await user.click(within(f.dialog).getByRole('button', { name: U.form.addContact }));
    const contatto = within(f.dialog).getByRole('group', { name: U.form.contatto(1) });
    // A row just added is not red before anything is typed in it.
    expect(contatto).not.toHaveTextContent(G.invalid.contattoNome(1));
    await user.type(f.text(G.fields.email, contatto), 'maria@');
    await waitFor(() => expect(under(f.text(G.fields.email, contatto))).toHaveTextContent(G.invalid.email(1)));
    expect(within(f.dialog).queryByTestId('giocatore-avviso')).toBeNull();
    // Up to three guardians.
    await user.click(within(f.dialog).getByRole('button', { name: U.form.addContact }));
    await user.click(within(f.dialog).getByRole('button', { name: U.form.addContact }));
    expect(within(f.dialog).getByRole('button', { name: U.form.addContact })).toBeDisabled();
    await user.click(within(f.dialog).getByRole('button', { name: U.form.removeContact(3) }));
    expect(within(f.dialog).getByRole('button', { name: U.form.addContact })).toBeEnabled();
    expect(writes('POST')).toHaveLength(0);
  });

  it("'Salva e aggiungi un altro' sends the exact body and starts a clean form in the same category; the roster has the player", async () => {
    players = [];
    const user = userEvent.setup();
    renderAs('editor');
    const f = await openAdd(user);
    await f.paste(G.fields.nome, ' Luca ');
    await f.paste(G.fields.cognome, 'Bianchi');
    const born = bornYearsAgo(8);
    await f.typeDate(G.fields.dataNascita, born);
    await user.click(within(f.dialog).getByRole('combobox', { name: new RegExp(`^${G.fields.tipo}`) }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: G.tipi.non_agonistico }));
    const scadenza = addDays(TODAY, 120);
    await f.typeDate(G.fields.scadenza, scadenza);
    // The certificate typed, as the roster will show it.
    await waitFor(() => expect(within(f.dialog).getByTestId('certificato-chip')).toHaveTextContent(U.chip.valido(scadenza)));
    await user.click(within(f.dialog).getByRole('button', { name: U.form.addContact }));
    const contatto = within(f.dialog).getByRole('group', { name: U.form.contatto(1) });
    await f.paste(G.fields.nome, 'Maria', contatto);
    await f.paste(G.fields.relazione, 'madre', contatto);
    await f.paste(G.fields.email, 'Maria@Example.it', contatto);
    await f.paste(G.fields.telefono, '333 123 4567', contatto);
    await waitFor(() => expect(f.another()).toBeEnabled());

    await user.click(f.another());
    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    expect(JSON.parse(writes('POST')[0].body)).toEqual({
      nome: 'Luca',
      cognome: 'Bianchi',
      dataNascita: born,
      gruppo: 'Pulcini',
      numeroTessera: null,
      certificato: { tipo: 'non_agonistico', scadenza },
      squalificatoFino: null,
      contatti: [{ nome: 'Maria', relazione: 'madre', email: 'maria@example.it', telefono: '3331234567' }],
      note: null,
    });
    expect(await within(f.dialog).findByTestId('giocatore-saved-another')).toHaveTextContent(U.form.savedAnother('Luca Bianchi'));
    expect(f.text(G.fields.nome)).toHaveValue('');
    expect(f.text(G.fields.cognome)).toHaveValue('');
    expect(within(f.dialog).getByRole('combobox', { name: /^Categoria/ })).toHaveTextContent('Pulcini');
    expect(within(f.dialog).queryByRole('group', { name: U.form.contatto(1) })).toBeNull();

    // The new form is clean: 'Annulla' closes it at once; the roster has the player saved.
    await user.click(within(f.dialog).getByRole('button', { name: U.form.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: U.form.addTitle })).toBeNull());
    expect(await screen.findByRole('row', { name: /Bianchi Luca/ })).toBeInTheDocument();
  });

  it('nothing typed is lost: Esc asks first; a refused save keeps every value and shows why', async () => {
    writeAnswers = [{ status: 403, body: { error: G.notFollowed('Pulcini') } }];
    const user = userEvent.setup();
    renderAs('editor');
    await user.click(await screen.findByRole('button', { name: U.editOf('Rossi Luca') }));
    const dialog = await screen.findByRole('dialog', { name: U.form.editTitle });
    const note = within(dialog).getByRole('textbox', { name: new RegExp(`^${G.fields.note}`) });
    await user.type(note, 'Porta gli occhiali');

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Modifiche non salvate' });
    await user.click(within(ask).getByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Modifiche non salvate' })).toBeNull());
    expect(note).toHaveValue('Porta gli occhiali');

    await user.click(within(dialog).getByRole('button', { name: U.form.save }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(G.notFollowed('Pulcini'));
    expect(writes('PUT').map((r) => r.url)).toEqual(['/api/giocatori/1']);
    const { id: _id, ...rest } = ROSSI;
    expect(JSON.parse(writes('PUT')[0].body)).toEqual({ ...rest, note: 'Porta gli occhiali' });
    expect(note).toHaveValue('Porta gli occhiali');

    await user.click(within(dialog).getByRole('button', { name: U.form.save }));
    expect(await screen.findByText(G.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: U.form.editTitle })).toBeNull());
  });

  it("an administrator downloads a player's data and erases them after a confirmation saying it is for good", async () => {
    const saved: Array<{ name: string; blob: Blob }> = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (b: Blob) => {
      const url = `blob:test/${blobs.size + 1}`;
      blobs.set(url, b);
      return url;
    };
    URL.revokeObjectURL = () => undefined;
    const onClick = (e: MouseEvent) => {
      const a = e.target as HTMLAnchorElement;
      if (a?.hasAttribute?.('download')) {
        e.preventDefault();
        saved.push({ name: a.getAttribute('download')!, blob: blobs.get(a.href)! });
      }
    };
    document.addEventListener('click', onClick, true);
    try {
      const user = userEvent.setup();
      renderAs('admin');
      await user.click(await screen.findByRole('button', { name: U.editOf('Verdi Marco') }));
      const dialog = await screen.findByRole('dialog', { name: U.form.editTitle });
      await user.click(within(dialog).getByRole('button', { name: U.admin.export }));
      expect(await screen.findByText(U.admin.exported)).toBeInTheDocument();
      expect(server.requests.filter((r) => r.method === 'GET' && r.url === '/api/giocatori/3/export')).toHaveLength(1);
      expect(saved.map((s) => s.name)).toEqual([U.admin.exportFile(3, TODAY)]);
      expect(JSON.parse(await saved[0].blob.text()).data.giocatore).toMatchObject({ id: 3, cognome: 'Verdi' });

      await user.click(within(dialog).getByRole('button', { name: U.admin.erase }));
      const confirm = await screen.findByRole('dialog', { name: U.admin.eraseTitle });
      expect(confirm).toHaveTextContent(U.admin.eraseText('Marco Verdi'));
      expect(writes('DELETE')).toHaveLength(0);
      await user.click(within(confirm).getByRole('button', { name: U.admin.eraseConfirm }));
      expect(await screen.findByText(G.erased)).toBeInTheDocument();
      expect(writes('DELETE').map((r) => r.url)).toEqual(['/api/giocatori/3']);
      await waitFor(() => expect(screen.queryByRole('row', { name: /Verdi Marco/ })).toBeNull());
    } finally {
      document.removeEventListener('click', onClick, true);
    }
  });

  it("'Da rimuovere' lists an administrator the proposed players with reason and last change; 'Elimina' asks first and the player leaves the list", async () => {
    const user = userEvent.setup();
    renderAs('admin');
    await screen.findByRole('grid', { name: G.title });
    expect(server.requests.filter((r) => r.url === '/api/giocatori/da-rimuovere')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: U.review.open }));
    const dialog = await screen.findByRole('dialog', { name: U.review.title });
    const list = await within(dialog).findByRole('list', { name: U.review.title });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Neri Sara · Pulcini');
    expect(items[0]).toHaveTextContent(G.daRimuovere.non_aggiornato);
    // The instant in the club's time zone: 22:30 UTC of 30 June is 1 July in Rome.
    expect(items[0]).toHaveTextContent(U.review.aggiornatoIl('01/07/2025 00:30'));
    expect(items[1]).toHaveTextContent('Esposito Giulia · Esordienti');
    expect(items[1]).toHaveTextContent(G.daRimuovere.categoria_inattiva);

    // A refused erasure says why and keeps the player.
    writeAnswers = [{ status: 404, body: { error: G.notFound } }];
    await user.click(within(dialog).getByRole('button', { name: U.admin.eraseOf('Neri Sara') }));
    let confirm = await screen.findByRole('dialog', { name: U.admin.eraseTitle });
    expect(confirm).toHaveTextContent(U.admin.eraseText('Sara Neri'));
    await user.click(within(confirm).getByRole('button', { name: U.admin.eraseConfirm }));
    expect(await within(confirm).findByText(G.notFound)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: U.form.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: U.admin.eraseTitle })).toBeNull());
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: U.admin.eraseOf('Neri Sara') }));
    confirm = await screen.findByRole('dialog', { name: U.admin.eraseTitle });
    await user.click(within(confirm).getByRole('button', { name: U.admin.eraseConfirm }));
    expect(await screen.findByText(G.erased)).toBeInTheDocument();
    expect(writes('DELETE').map((r) => r.url)).toEqual(['/api/giocatori/4', '/api/giocatori/4']);
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Esposito Giulia');

    await user.click(within(dialog).getByRole('button', { name: U.review.close }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: U.review.title })).toBeNull());
    expect(names()).not.toContain('Neri Sara');
  });

  it("'Da rimuovere' says so when nobody is proposed, and is an administrator's only", async () => {
    review = [];
    const user = userEvent.setup();
    renderAs('admin');
    await user.click(await screen.findByRole('button', { name: U.review.open }));
    const dialog = await screen.findByRole('dialog', { name: U.review.title });
    expect(await within(dialog).findByText(U.review.none)).toBeInTheDocument();
  });

  it("'Importa giocatori' reads pasted cells into a preview with each row's problems, sends nothing until they are fixed, keeps everything on a refusal and names the row", async () => {
    const year = Number(TODAY.slice(0, 4)) - 9;
    const expiry = addDays(TODAY, 100);
    const header = 'Cognome;Nome;Data di nascita;Categoria;Tessera;Certificato;Scadenza';
    const gialli = `Gialli;Paolo;15/03/${year};pulcini;P7;non agonistico;${expiry}`;
    writeAnswers = [{ status: 403, body: { error: `Riga 3: ${G.notFollowed('Esordienti')}` } }];
    const user = userEvent.setup();
    renderAs('editor');
    await screen.findByRole('grid', { name: G.title });
    await user.click(screen.getByRole('button', { name: U.import.open }));
    const dialog = await screen.findByRole('dialog', { name: U.import.title });
    const area = within(dialog).getByRole('textbox', { name: U.import.pasteLabel });
    await user.click(area);
    await user.paste([header, gialli, `Blu;;31/02/${year};Allievi;;;`].join('\n'));
    await user.click(within(dialog).getByRole('button', { name: U.import.read }));

    const preview = within(dialog).getByRole('table', { name: U.import.previewLabel });
    const rows = within(preview).getAllByTestId('import-giocatori-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(`2Gialli Paolo15/03/${year}PulciniP7Non agonistico, ${dmy(expiry)}${U.import.ok}`);
    expect(rows[1]).toHaveTextContent(G.invalid.nome);
    expect(rows[1]).toHaveTextContent(G.import.data(G.fields.dataNascita, `31/02/${year}`));
    expect(rows[1]).toHaveTextContent(G.unknownGruppo('Allievi'));
    expect(within(dialog).getByTestId('import-giocatori-summary')).toHaveTextContent(U.import.withProblems(1, 2));
    expect(within(dialog).getByRole('button', { name: U.import.submit(2) })).toBeDisabled();

    // Esc asks before the typed cells go.
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Modifiche non salvate' });
    await user.click(within(ask).getByRole('button', { name: 'Continua a modificare' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Modifiche non salvate' })).toBeNull());
    expect(area).toHaveValue([header, gialli, `Blu;;31/02/${year};Allievi;;;`].join('\n'));

    await user.clear(area);
    await user.click(area);
    await user.paste([header, gialli, `Blu;Ada;14/03/${year};Esordienti;;;`].join('\n'));
    await user.click(within(dialog).getByRole('button', { name: U.import.read }));
    expect(within(dialog).getByTestId('import-giocatori-summary')).toHaveTextContent(U.import.ready(2));
    await user.click(within(dialog).getByRole('button', { name: U.import.submit(2) }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Riga 3: ${G.notFollowed('Esordienti')}`);
    const sent = writes('POST').filter((r) => r.url === '/api/giocatori/import');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].body)).toEqual({
      giocatori: [
        { nome: 'Paolo', cognome: 'Gialli', dataNascita: `${year}-03-15`, gruppo: 'Pulcini', numeroTessera: 'P7', certificato: { tipo: 'non_agonistico', scadenza: expiry } },
        { nome: 'Ada', cognome: 'Blu', dataNascita: `${year}-03-14`, gruppo: 'Esordienti', numeroTessera: null, certificato: null },
      ],
      righe: [2, 3],
    });
    expect(within(preview.ownerDocument.body).getAllByTestId('import-giocatori-row')).toHaveLength(2);
    expect(area).toHaveValue([header, gialli, `Blu;Ada;14/03/${year};Esordienti;;;`].join('\n'));

    await user.click(within(dialog).getByRole('button', { name: U.import.submit(2) }));
    expect(await screen.findByText(U.import.done(2))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: U.import.title })).toBeNull());
    expect(await screen.findByText('Gialli Paolo')).toBeInTheDocument();
  });

  it("'Importa giocatori' reads a CSV file (Excel's Windows-1252 too)", async () => {
    const user = userEvent.setup();
    renderAs('admin');
    await user.click(await screen.findByRole('button', { name: U.import.open }));
    const dialog = await screen.findByRole('dialog', { name: U.import.title });
    const year = Number(TODAY.slice(0, 4)) - 9;
    // 'Nicolò' in Windows-1252: ò is the byte 0xF2.
    const bytes = new Uint8Array([...new TextEncoder().encode(`nome;cognome;dataNascita;gruppo\nNicol`), 0xf2, ...new TextEncoder().encode(`;Re;${year}-01-02;Pulcini\n`)]);
    // jsdom's File has no arrayBuffer(): it is added, as the import screen's test does.
    const file = Object.assign(new File([bytes], 'rosa.csv', { type: 'text/csv' }), { arrayBuffer: async () => bytes.buffer });
    await user.upload(within(dialog).getByTestId('import-giocatori-file'), file);
    expect(await within(dialog).findByText(U.import.fromFile('rosa.csv'))).toBeInTheDocument();
    const [row] = within(dialog).getAllByTestId('import-giocatori-row');
    expect(row).toHaveTextContent(`2Re Nicolò02/01/${year}Pulcini`);
    expect(row).toHaveTextContent(U.import.ok);
    await user.click(within(dialog).getByRole('button', { name: U.import.submit(1) }));
    expect(await screen.findByText(U.import.done(1))).toBeInTheDocument();
  });

  it('an editor has neither export nor erase', async () => {
    const user = userEvent.setup();
    renderAs('editor');
    await user.click(await screen.findByRole('button', { name: U.editOf('Rossi Luca') }));
    const dialog = await screen.findByRole('dialog', { name: U.form.editTitle });
    expect(within(dialog).queryByRole('button', { name: U.admin.export })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: U.admin.erase })).toBeNull();
    expect(screen.queryByRole('button', { name: U.review.open })).toBeNull();
  });

  it('a reader reads without any editing control; the picker offers the categories they follow', async () => {
    const user = userEvent.setup();
    seguite = ['Esordienti', 'Pulcini'];
    renderAs('reader');
    await screen.findByRole('grid', { name: G.title });
    expect(screen.queryByRole('button', { name: U.add })).toBeNull();
    expect(screen.queryByRole('button', { name: U.import.open })).toBeNull();
    expect(screen.queryByRole('button', { name: U.editOf('Rossi Luca') })).toBeNull();
    expect(within(screen.getByTestId('scadenze-panel')).queryAllByRole('button')).toHaveLength(0);
    // The categories come with the players: the club's list is not read.
    expect(server.requests.filter((r) => r.url === '/api/gruppi')).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: U.categoryPicker }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual([U.allCategories, U.categoryOption('Pulcini', 4), U.categoryOption('Esordienti', 1)]);
  });

  it('an editor who follows Pulcini only is offered Pulcini only; an administrator every category, one with no player too', async () => {
    const user = userEvent.setup();
    seguite = ['Pulcini'];
    const { unmount } = renderAs('editor');
    await screen.findByRole('grid', { name: G.title });
    await user.click(screen.getByRole('combobox', { name: U.categoryPicker }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual([U.allCategories, U.categoryOption('Pulcini', 4)]);
    await user.keyboard('{Escape}');
    // The form's category: the followed one only.
    await user.click(screen.getAllByRole('button', { name: U.add })[0]);
    const dialog = await screen.findByRole('dialog', { name: U.form.addTitle });
    await user.click(within(dialog).getByRole('combobox', { name: G.fields.gruppo }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pulcini']);
    unmount();

    seguite = ['Esordienti', 'Giovanissimi', 'Pulcini'];
    renderAs('admin');
    await screen.findByRole('grid', { name: G.title });
    await user.click(screen.getByRole('combobox', { name: U.categoryPicker }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      U.allCategories, U.categoryOption('Pulcini', 4), U.categoryOption('Esordienti', 1), U.categoryOption('Giovanissimi', 0),
    ]);
  });

  it("a reader who follows no category (or whose categories have no player) is told so", async () => {
    players = [];
    renderAs('reader');
    expect(await screen.findByText(U.emptyReader)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: U.add })).toBeNull();
  });
});
