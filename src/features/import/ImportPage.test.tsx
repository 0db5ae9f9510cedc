import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { renderWithProviders, signedInStore, withStandInServer } from '../../../test/render';
import { todayIn } from '../../../common/core/dates';
import type { Gruppo } from '../../../common/groups/rules';
import type { ImportCheck, ImportResponse } from '../../../common/import/types';
import type { Slot } from '../../../common/occupancy/slots';
import { slotDaysOf } from '../../../test/slots';
import { SLOT_MSG } from '../../../common/trainings/messages';
import { CLASH_MSG } from '../../../common/occupancy/rules';
import ImportPage from './ImportPage';

// Fixture import (docs/import.md) in jsdom, against a stand-in server answering as server/features/import/routes.ts:
// a file is read and checked, each row's problem said in Italian, the valid rows imported, the others kept.
const TZ = 'Europe/Rome';
const CONFIG = { supabaseUrl: '/', supabaseAnonKey: 'anon', clubName: 'Garibaldina', timezone: TZ };
const GRUPPI: Gruppo[] = [{ id: 1, name: 'Pulcini', created_at: '2026-09-01T10:00:00Z', components: [] }];

const day = dayjs(todayIn(TZ)).add(10, 'day');
const iso = day.format('YYYY-MM-DD');
const dmy = day.format('DD/MM/YYYY');

// Line 2 is valid; line 3 names a category that does not exist.
const CSV = [
  'Data;Ora;Ora fine;Casa;Ospiti;Campo;Categoria;Tipo',
  `${dmy};10:00;11:30;Garibaldina Rossa;Aquile;Comunale;Pulcini;Campionato`,
  `${dmy};11:30;13:00;Garibaldina Blu;Falchi;Comunale;Giovanissimi;Campionato`,
].join('\r\n');

let checks: ImportCheck;
let slots: Slot[] = [];
const CREATED: ImportResponse = { create: 1, ids: [42] };

const server = withStandInServer((req) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/api/config') return { status: 200, body: CONFIG };
  if (req.method === 'GET' && url.pathname === '/api/gruppi') return { status: 200, body: { data: GRUPPI, count: GRUPPI.length } };
  if (req.method === 'POST' && url.pathname === '/api/partite/import/check') return { status: 200, body: checks };
  if (req.method === 'POST' && url.pathname === '/api/partite/import') {
    // One id a row sent, from CREATED's first.
    const n = (JSON.parse(req.body) as { partite: unknown[] }).partite.length;
    return { status: 201, body: { create: n, ids: Array.from({ length: n }, (_, i) => CREATED.ids[0] + i) } satisfies ImportResponse };
  }
  if (req.method === 'GET' && url.pathname === '/api/slot-liberi') return { status: 200, body: { data: slotDaysOf(slots) } };
  return { status: 404, body: { error: 'Risorsa non trovata' } };
});
beforeEach(() => {
  localStorage.clear();
  checks = { gruppi: ['Pulcini'], existing: [], partite: [], margine: 15 };
});

/** The file as the browser gives it (jsdom's File has no arrayBuffer(): it is added, with the text's UTF-8 bytes). */
function csvFile(text: string, name: string): File {
  const file = new File([text], name, { type: 'text/csv' });
  const bytes = new TextEncoder().encode(text);
  return Object.assign(file, { arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) });
}

const posts = (path: string) => server.requests.filter((r) => r.method === 'POST' && r.url === path).map((r) => JSON.parse(r.body) as unknown);
const grid = () => screen.getByRole('grid');

/** Opens /importa as an editor and chooses the file. */
async function chooseFile(text = CSV) {
  const user = userEvent.setup();
  renderWithProviders(<ImportPage />, { store: signedInStore('editor'), route: '/importa' });
  await screen.findByRole('heading', { name: 'Importa partite' });
  await user.upload(screen.getByTestId('import-file'), csvFile(text, 'partite.csv'));
  await screen.findByText('File: partite.csv');
  return user;
}

describe('Importa partite /importa', () => {
  it('choosing a file shows the preview: what was read, the counts, and the row problem in Italian', async () => {
    await chooseFile();
    expect(screen.getByText('2 righe lette · separatore punto e virgola · codifica UTF-8')).toBeInTheDocument();
    // The header is recognised: each column has its field.
    expect(screen.getByRole('combobox', { name: 'Categoria' })).toHaveTextContent('Categoria');
    // The file's days are asked of the server once.
    await waitFor(() => expect(posts('/api/partite/import/check')).toEqual([{ dates: [iso] }]));

    expect(await screen.findByTestId('import-counts')).toHaveTextContent('Valide: 1 · Con errori: 1 · Duplicate: 0');
    const problems = await within(grid()).findAllByTestId('row-errors');
    expect(problems.map((p) => p.textContent)).toEqual(['Categoria inesistente: "Giovanissimi". Categorie disponibili: Pulcini']);
    expect(within(grid()).getByText('Garibaldina Rossa')).toBeInTheDocument();
    expect(within(grid()).getByText('OK')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scarica la riga con errori (CSV)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Importa 1 partita valida' })).toBeEnabled();
    expect(posts('/api/partite/import')).toEqual([]);
  });

  it('importing the valid rows lists the created match and keeps the failed rows, with their problems, to correct', async () => {
    const user = await chooseFile();
    await user.click(await screen.findByRole('button', { name: 'Importa 1 partita valida' }));

    // The result: the match created, linked to its edit screen, and what is left.
    await screen.findByRole('heading', { name: 'Partite create' });
    expect(screen.getByTestId('import-result')).toHaveTextContent('1 partita importata · 1 riga con errori resta da correggere');
    const created = within(screen.getByRole('list', { name: 'Partite create' })).getAllByRole('link');
    expect(created.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([[`${dmy} 10:00 · Garibaldina Rossa - Aquile`, '/modifica-partita/42']]);

    // Only the valid row was sent, with its file line.
    const [sent] = posts('/api/partite/import') as Array<{ partite: Array<Record<string, unknown>>; righe: number[] }>;
    expect(sent.righe).toEqual([2]);
    expect(sent.partite).toEqual([expect.objectContaining({ data: iso, ora: '10:00', squadraCasa: 'Garibaldina Rossa', gruppo: 'Pulcini' })]);

    // The failed row stays in the preview with its problem; the imported one left it.
    await waitFor(() => expect(screen.getByTestId('import-counts')).toHaveTextContent('Valide: 0 · Con errori: 1 · Duplicate: 0'));
    expect(within(grid()).getByText('Garibaldina Blu')).toBeInTheDocument();
    expect(within(grid()).queryByText('Garibaldina Rossa')).toBeNull();
    expect(within(grid()).getByTestId('row-errors')).toHaveTextContent('Categoria inesistente: "Giovanissimi"');
    expect(screen.getByText('1 riga letta · separatore punto e virgola · codifica UTF-8')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scarica la riga con errori (CSV)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importa 0 partite valide' })).toBeDisabled();
    // No 'Importa altre partite' while rows are left.
    expect(screen.queryByRole('button', { name: 'Importa altre partite' })).toBeNull();
  });
});

// 'Trova uno slot' on a clashing row (docs/trainings.md, slot finder; docs/occupancy.md): the slot chosen
// replaces the row's date, times, pitch and rooms, as a correction by hand, and the row is checked again.
describe('a clashing row of the preview finds a free slot', () => {
  // Two home matches on the same pitch at overlapping times: each clashes with the other.
  const CLASHING = [
    'Data;Ora;Ora fine;Casa;Ospiti;Campo;Categoria;Tipo',
    `${dmy};10:00;11:30;Garibaldina Rossa;Aquile;Comunale;Pulcini;Campionato`,
    `${dmy};10:30;12:00;Garibaldina Blu;Falchi;Comunale;Pulcini;Campionato`,
  ].join('\r\n');
  const other = day.add(2, 'day');
  const rowOf = (text: string) => within(grid()).getByText(text).closest<HTMLElement>('[role="row"]')!;
  const slotQueries = () => server.requests.filter((r) => r.url.startsWith('/api/slot-liberi')).map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));

  it("the row gets the slot's values, no longer clashes, and is imported with them", async () => {
    slots = [
      { data: other.format('YYYY-MM-DD'), ora: '15:00', oraFine: '16:30', campo: 'Campo Nord', spogliatoi: [3, 4] },
      { data: other.format('YYYY-MM-DD'), ora: '17:00', oraFine: '18:30', campo: 'Campo Nord', spogliatoi: [3, 4] },
    ];
    const user = await chooseFile(CLASHING);
    expect(await screen.findByText(CLASH_MSG.importCount(2))).toBeInTheDocument();
    expect(screen.getByTestId('import-counts')).toHaveTextContent('Valide: 2 · Con errori: 0 · Duplicate: 0');
    await within(grid()).findAllByTestId('row-errors');
    // Each clashing row offers the finder.
    expect(within(grid()).getAllByRole('button', { name: SLOT_MSG.find })).toHaveLength(2);
    expect(within(rowOf('Garibaldina Blu')).getByTestId('row-errors')).toHaveTextContent('Campo già occupato dalle 10:00 alle 11:30 da Garibaldina Rossa - Aquile (riga 2)');

    await user.click(within(rowOf('Garibaldina Blu')).getByRole('button', { name: SLOT_MSG.find }));
    const finder = await screen.findByRole('dialog', { name: SLOT_MSG.forRow(3) });
    const items = await within(finder).findAllByTestId('slot-item');
    // The row's category, home, its length, from its date.
    expect(slotQueries()).toEqual([{ gruppo: 'Pulcini', casa: '1', durata: '90', dal: iso, al: day.add(30, 'day').format('YYYY-MM-DD') }]);
    await user.click(within(items[0]).getByRole('button', { name: SLOT_MSG.choose }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The row shows the slot; the clash is gone from both rows; the new day was asked of the server.
    await waitFor(() => expect(screen.queryByText(CLASH_MSG.importCount(2))).toBeNull());
    const row = rowOf('Garibaldina Blu');
    const cell = (field: string) => row.querySelector(`[data-field="${field}"]`)!;
    expect(cell('data')).toHaveTextContent(other.format('DD/MM/YYYY'));
    expect(cell('ora')).toHaveTextContent('15:00');
    expect(cell('oraFine')).toHaveTextContent('16:30');
    expect(cell('campo')).toHaveTextContent('Campo Nord');
    expect(cell('spogliatoi')).toHaveTextContent('3 / 4');
    expect(within(grid()).queryAllByTestId('row-errors')).toEqual([]);
    expect(within(grid()).queryByRole('button', { name: SLOT_MSG.find })).toBeNull();
    await waitFor(() => expect(posts('/api/partite/import/check')).toContainEqual({ dates: [iso, other.format('YYYY-MM-DD')] }));
    // The focus goes back to the row (its button is gone with the clash).
    await waitFor(() => expect(document.activeElement?.closest('[role="row"]')).toBe(rowOf('Garibaldina Blu')));

    await user.click(screen.getByRole('button', { name: 'Importa 2 partite valide' }));
    await screen.findByRole('heading', { name: 'Partite create' });
    const [sent] = posts('/api/partite/import') as Array<{ partite: Array<Record<string, unknown>>; righe: number[] }>;
    expect(sent.righe).toEqual([2, 3]);
    expect(sent.partite[1]).toMatchObject({
      data: other.format('YYYY-MM-DD'),
      ora: '15:00',
      oraFine: '16:30',
      campo: 'Campo Nord',
      squadraCasa: 'Garibaldina Blu',
      spogliatoioGari: 3,
      spogliatoioOspiti: 4,
    });
    expect(sent.partite[0]).toMatchObject({ data: iso, ora: '10:00', campo: 'Comunale' });
  });

  it('a row that does not clash offers no finder', async () => {
    await chooseFile();
    await within(grid()).findAllByTestId('row-errors');
    expect(within(grid()).queryByRole('button', { name: SLOT_MSG.find })).toBeNull();
  });
});
