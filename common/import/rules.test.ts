import { readFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { join } from 'node:path';
import { IMPORT_MSG } from './messages';
import {
  buildRows,
  duplicateKey,
  failedRowsCsv,
  guessMapping,
  importBody,
  looksLikeHeader,
  matchCategory,
  parseHome,
  parseTerreno,
  parseTipoGara,
  readImport,
  withoutLines,
} from './rules';
import { decodeBytes, parseDate, parseTable, parseTime } from './parse';
import { MSG } from '../core/messages';

const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures', 'import');
const fixture = (name: string) => decodeBytes(new Uint8Array(readFileSync(join(FIXTURES, name))));
const opts = { mode: 'create' as const, today: '2026-11-23', clubName: 'Garibaldina', categories: ['Pulcini', 'Esordienti', 'Giovanissimi'] };

describe('value parsers', () => {
  it.each([
    ['06/03/2027', '2027-03-06'],
    ['6/3/2027', '2027-03-06'],
    ['6/3/27', '2027-03-06'],
    ['2027-03-06', '2027-03-06'],
    ['06.03.2027', '2027-03-06'],
    ['46452', '2027-03-06'],
    ['46452.0', '2027-03-06'],
  ])('date %s -> %s', (raw, iso) => expect(parseDate(raw)).toBe(iso));

  it.each(['31/02/2027', '2027-13-01', 'domani', '12', '', '03/06', '99999'])('date %s is refused', (raw) => expect(parseDate(raw)).toBeNull());

  it.each([
    ['9.30', '09:30'],
    ['09:30', '09:30'],
    ['9:30', '09:30'],
    ['15', '15:00'],
    ['15:00:00', '15:00'],
    ['09.30.00', '09:30'],
    ['0.375', '09:00'],
    ['0,5', '12:00'],
  ])('time %s -> %s', (raw, hm) => expect(parseTime(raw)).toBe(hm));

  it.each(['25:00', '9.75', 'nove', '', '9:3', '930', '9.30:00'])('time %s is refused', (raw) => expect(parseTime(raw)).toBeNull());

  it('tipo gara and terreno by Italian label, any case', () => {
    expect(parseTipoGara('CAMPIONATO')).toBe('campionato');
    expect(parseTipoGara('Amichevole')).toBe('amichevole');
    expect(parseTipoGara('coppa')).toBeNull();
    expect(parseTerreno('Sintetico')).toBe('sintetico');
    expect(parseTerreno('ERBA')).toBe('erba');
    expect(parseTerreno('terra')).toBeNull();
  });

  it('casa/trasferta as exported', () => {
    expect(parseHome('Casa')).toBe(true);
    expect(parseHome('Trasferta')).toBe(false);
    expect(parseHome('sì')).toBe(true);
    expect(parseHome('forse')).toBeNull();
  });

  it('categories ignoring case and accents, near misses suggested', () => {
    expect(matchCategory('ÉSORDIENTI', opts.categories)).toEqual({ name: 'Esordienti' });
    expect(matchCategory('  pulcini ', opts.categories)).toEqual({ name: 'Pulcini' });
    expect(matchCategory('Esordient', opts.categories)).toEqual({ suggestion: 'Esordienti' });
    expect(matchCategory('Giovanisimi', opts.categories)).toEqual({ suggestion: 'Giovanissimi' });
    expect(matchCategory('Prima Squadra', opts.categories)).toEqual({ suggestion: null });
    expect(IMPORT_MSG.suggestCategory('Esordient', 'Esordienti', ['Esordienti', 'Pulcini'])).toBe(
      'Categoria inesistente: "Esordient". Forse Esordienti? Categorie disponibili: Esordienti, Pulcini',
    );
  });

  it('says one match, one row in the singular', () => {
    expect(IMPORT_MSG.importButton(1)).toBe('Importa 1 partita valida');
    expect(IMPORT_MSG.importButton(3)).toBe('Importa 3 partite valide');
    expect(IMPORT_MSG.done(1)).toBe('1 partita importata');
    expect(IMPORT_MSG.doneWithRemaining(1, 1)).toBe('1 partita importata · 1 riga con errori resta da correggere');
    expect(IMPORT_MSG.doneWithRemaining(2, 3)).toBe('2 partite importate · 3 righe con errori restano da correggere');
    expect(IMPORT_MSG.downloadFailedRows(1)).toBe('Scarica la riga con errori (CSV)');
    expect(IMPORT_MSG.failedFileName('calendario.csv')).toBe('calendario_righe_con_errori.csv');
    expect(IMPORT_MSG.failedFileName(null)).toBe('importazione_righe_con_errori.csv');
    expect(IMPORT_MSG.activity(1, '01/12/2026', '01/12/2026')).toBe('Importata 1 partita (il 01/12/2026)');
    expect(IMPORT_MSG.activity(2, '01/12/2026', '08/12/2026')).toBe('Importate 2 partite (dal 01/12/2026 al 08/12/2026)');
    expect(IMPORT_MSG.readInfo(1, 'virgola', 'UTF-8')).toBe('1 riga letta · separatore virgola · codifica UTF-8');
  });

  it('headers in Italian and English', () => {
    expect(guessMapping(['Data', 'Ora', 'Fine', 'Squadra di casa', 'Ospiti', 'Campo', 'Categoria', 'Tipo', 'Terreno', 'Spogliatoio'])).toEqual([
      'data', 'ora', 'oraFine', 'squadraCasa', 'squadraTrasferta', 'campo', 'gruppo', 'tipoGara', 'terreno', 'spogliatoioGari',
    ]);
    expect(guessMapping(['Date', 'Start time', 'Home team', 'Away', 'Venue', 'Group', 'Note'])).toEqual([
      'data', 'ora', 'squadraCasa', 'squadraTrasferta', 'campo', 'gruppo', '',
    ]);
    // The export's columns.
    expect(guessMapping(['Data', 'Inizio', 'Fine', 'Casa', 'Trasferta', 'Gruppo', 'Campo', 'Terreno', 'Tipo', 'Casa/Trasferta'])).toEqual([
      'data', 'ora', 'oraFine', 'squadraCasa', 'squadraTrasferta', 'gruppo', 'campo', 'terreno', 'tipoGara', 'isHouseMatch',
    ]);
    expect(looksLikeHeader(['Data', 'Ora', 'Casa'])).toBe(true);
    expect(looksLikeHeader(['06/03/2027', '9.30', 'Casa'])).toBe(false);
  });
});

describe('encodings and separators', () => {
  it('UTF-8 with BOM and semicolons: the BOM never reaches the first header', () => {
    const { text, encoding } = fixture('semicolon-bom.csv');
    expect(encoding).toBe('utf-8');
    const table = parseTable(text);
    expect(table.separator).toBe(';');
    expect(table.rows[0][0]).toBe('Data');
    // Blank rows and the row of bare separators are skipped; trailing separators dropped.
    expect(table.rows).toHaveLength(5);
    expect(table.rows[0]).toHaveLength(9);
    // The quoted field keeps its newline and doubled quotes; later rows keep their file line numbers.
    expect(table.rows[1][5]).toBe('Comunale "Ferrari"\nIngresso B');
    expect(table.lines).toEqual([1, 2, 5, 7, 8]);
  });

  it('Windows-1252 bytes are read as Excel wrote them', () => {
    const raw = readFileSync(join(FIXTURES, 'windows-1252.csv'));
    expect(raw.includes(Buffer.from([0xe0]))).toBe(true); // "à" as one cp1252 byte
    const { text, encoding } = fixture('windows-1252.csv');
    expect(encoding).toBe('windows-1252');
    expect(text).toContain('Società Sportiva Forlì');
    expect(text).toContain('Comunale di Cantù');
    expect(text).not.toContain('\uFFFD');
  });

  it('pasted cells are tab separated', () => {
    expect(parseTable(fixture('excel-paste.tsv').text).separator).toBe('\t');
    expect(parseTable('a,b,c\n1,2,3').separator).toBe(',');
    expect(parseTable('a;b,c;d\n1;2,5;3').separator).toBe(';');
  });
});

describe('rows validated with the shared match rules', () => {
  it('the semicolon file: values parsed, each problem named in Italian', () => {
    const { rows, hasHeader, mapping } = readImport(fixture('semicolon-bom.csv').text, opts);
    expect(hasHeader).toBe(true);
    expect(mapping).toEqual(['data', 'ora', 'oraFine', 'squadraCasa', 'squadraTrasferta', 'campo', 'gruppo', 'tipoGara', 'terreno']);
    expect(rows.map((r) => r.line)).toEqual([2, 5, 7, 8]);
    // A quoted cell may hold a line break (RFC 4180): the file is read right, but a name is single-line (docs/matches.md, validation).
    expect(rows[0].errors).toEqual([MSG.validation.singleLine('Campo')]);
    expect(rows[0].payload).toBeNull();
    expect(rows[0].values).toMatchObject({ campo: 'Comunale "Ferrari"\nIngresso B', squadraCasa: 'Garibaldina Pulcini' });
    expect(rows[1].payload).toMatchObject({ data: '2027-03-07', ora: '15:00', oraFine: null, gruppo: 'Esordienti', tipoGara: 'amichevole', terreno: 'sintetico', isHouseMatch: false });
    expect(rows[2].payload).toMatchObject({ data: '2027-03-13', ora: '09:30', oraFine: '11:15', tipoGara: 'torneo', terreno: null });
    expect(rows[3].payload).toBeNull();
    expect(rows[3].errors).toEqual([IMPORT_MSG.badTime('Ora di inizio', '25:00'), 'Categoria inesistente: "Esordient". Forse Esordienti? Categorie disponibili: Pulcini, Esordienti, Giovanissimi']);
  });

  it('Windows-1252 file: accents kept, category matched without its accent', () => {
    const { rows } = readImport(fixture('windows-1252.csv').text, opts);
    expect(rows).toHaveLength(2);
    expect(rows[0].payload).toMatchObject({ squadraTrasferta: 'Società Sportiva Forlì', campo: 'Comunale di Cantù', ora: '10:00', oraFine: '11:30' });
    expect(rows[1].payload).toMatchObject({ squadraCasa: 'Perché No', gruppo: 'Esordienti', campo: "Palazzetto dell'Università" });
  });

  it('pasted cells: Excel serial dates and fractions of a day, duplicates within the file', () => {
    const { rows } = readImport(fixture('excel-paste.tsv').text, opts);
    expect(rows[0].payload).toMatchObject({ data: '2027-03-06', ora: '09:00', oraFine: '10:30', terreno: 'erba' });
    expect(rows[1].payload).toMatchObject({ data: '2027-03-07', ora: '09:30', tipoGara: 'torneo' });
    expect(rows[2].duplicate).toBe('file');
    expect(rows[2].errors).toEqual([IMPORT_MSG.duplicateInFile(3)]);
    expect(importBody(rows).partite).toHaveLength(2);
  });

  it('the form rules: past date, same teams, missing fields, home match without end time; existing duplicates', () => {
    const text = [
      'Data;Ora;Fine;Casa;Ospiti;Campo;Categoria;Tipo',
      '01/01/2026;10:00;11:00;A;B;C;Pulcini;Campionato',
      '01/01/2027;10:00;;Leoni;leoni;C;Pulcini;Campionato',
      '01/01/2027;;;A;;C;Pulcini;',
      '01/01/2027;10:00;;Garibaldina;B;C;Pulcini;Campionato',
      '02/01/2027;10:00;;A;B;C;Pulcini;Campionato',
    ].join('\n');
    const existing = new Set([duplicateKey({ data: '2027-01-02', ora: '10:00:00', squadraCasa: 'a', squadraTrasferta: 'B' })]);
    const { rows } = readImport(text, opts, undefined, existing);
    expect(rows.map((r) => r.errors)).toEqual([
      [MSG.match.futureDate],
      [MSG.match.sameTeams],
      [MSG.match.missingFields(['Ora di inizio', 'Squadra ospite', 'Tipo gara'])],
      [MSG.match.missingFields(['Ora di fine'])],
      [IMPORT_MSG.duplicateExisting],
    ]);
    expect(rows[4].duplicate).toBe('existing');
    expect(rows.every((r) => r.payload === null)).toBe(true);
  });

  it('a file without a header takes the export order; a changed mapping is applied', () => {
    const text = '06/03/2027;9.30;;A;B;Pulcini;Campo 1;;Amichevole';
    const guessed = readImport(text, opts);
    expect(guessed.hasHeader).toBe(false);
    expect(guessed.rows[0].payload).toMatchObject({ squadraCasa: 'A', gruppo: 'Pulcini', campo: 'Campo 1', tipoGara: 'amichevole' });
    const swapped = readImport(text, opts, ['data', 'ora', 'oraFine', 'squadraTrasferta', 'squadraCasa', 'gruppo', 'campo', 'terreno', 'tipoGara']);
    expect(swapped.rows[0].payload).toMatchObject({ squadraCasa: 'B', squadraTrasferta: 'A' });
  });

  it("an exported cell's formula guard is removed", () => {
    const { rows } = readImport("Data;Ora;Casa;Ospiti;Campo;Categoria;Tipo\n06/03/2027;10:00;'-Alfa;'=Beta;C;Pulcini;Torneo", opts);
    expect(rows[0].payload).toMatchObject({ squadraCasa: '-Alfa', squadraTrasferta: '=Beta' });
  });

  it('values for every row fill the fields no column has, read as cells; a column of that field wins', () => {
    const text = 'Data;Ora;Casa;Ospiti;Campo\n06/03/2027;10:00;A;B;C\n07/03/2027;11:00;D;E\n';
    const { table, hasHeader, mapping } = readImport(text, opts);
    expect(buildRows(table, mapping, hasHeader, opts)[0].errors).toEqual([MSG.match.missingFields(['Categoria', 'Tipo gara'])]);
    const rows = buildRows(table, mapping, hasHeader, opts, new Set(), { gruppo: ' esordienti ', tipoGara: 'campionato', campo: 'Comunale' });
    expect(rows.map((r) => r.payload && [r.payload.gruppo, r.payload.tipoGara, r.payload.campo])).toEqual([['Esordienti', 'campionato', 'C'], null]);
    // 'Campo' is a column: its empty cell is not filled by the value for every row.
    expect(rows[1].payload).toBeNull();
    expect(rows[1].errors).toEqual([MSG.match.missingFields(['Campo'])]);
    // A value that a cell could not hold is the same error on every row.
    const bad = buildRows(table, mapping, hasHeader, opts, new Set(), { gruppo: 'Pulcini', tipoGara: 'Coppa' });
    expect(bad.map((r) => r.errors[0])).toEqual([IMPORT_MSG.badTipo('Coppa'), IMPORT_MSG.badTipo('Coppa')]);
  });

  it('an unknown category with no near miss lists the available ones', () => {
    const { rows } = readImport('Data;Ora;Casa;Ospiti;Campo;Categoria;Tipo\n06/03/2027;10:00;A;B;C;Prima Squadra;Torneo', opts);
    expect(rows[0].errors).toEqual(['Categoria inesistente: "Prima Squadra". Categorie disponibili: Pulcini, Esordienti, Giovanissimi']);
  });
});

describe('what failed: kept, corrected, downloaded', () => {
  const text = [
    'Data;Ora;Casa;Ospiti;Campo;Categoria;Tipo',
    '06/03/2027;10:00;A;B;C;Pulcini;Torneo',
    '31/02/2027;9.30;"Rossi; Bianchi";"Il ""Nord""";C;Esordient;Torneo',
    '07/03/2027;nove;-Meno;@Chiocciola;"Campo\nB";Pulcini;Coppa',
  ].join('\n');

  it('each field keeps the text it was read from, also when it is not understood', () => {
    const { rows } = readImport(text, opts);
    expect(rows[1].raw).toEqual({ data: '31/02/2027', ora: '9.30', squadraCasa: 'Rossi; Bianchi', squadraTrasferta: 'Il "Nord"', campo: 'C', gruppo: 'Esordient', tipoGara: 'Torneo' });
    expect(rows[1].values.data).toBeUndefined();
    expect(rows[1].errors[0]).toBe(IMPORT_MSG.badDate('31/02/2027'));
  });

  it('a correction replaces the cell of its field, or adds a field no column has; other rows unchanged', () => {
    const { table, hasHeader, mapping, rows } = readImport(text, opts);
    expect(rows.map((r) => r.payload !== null)).toEqual([true, false, false]);
    const edits = new Map([
      [3, { data: '08/03/2027', gruppo: 'Esordienti' }],
      [4, { ora: '9', campo: 'Campo B', tipoGara: 'Amichevole', terreno: 'Erba' }],
    ]);
    const fixed = buildRows(table, mapping, hasHeader, opts, new Set(), {}, edits);
    expect(fixed.map((r) => r.errors)).toEqual([[], [], []]);
    expect(fixed[1].payload).toMatchObject({ data: '2027-03-08', gruppo: 'Esordienti', squadraCasa: 'Rossi; Bianchi' });
    expect(fixed[2].payload).toMatchObject({ ora: '09:00', campo: 'Campo B', tipoGara: 'amichevole', terreno: 'erba' });
    expect(fixed[2].raw.terreno).toBe('Erba');
    // An emptied field has no value.
    const emptied = buildRows(table, mapping, hasHeader, opts, new Set(), {}, new Map([[2, { squadraCasa: '' }]]));
    expect(emptied[0].errors).toEqual([MSG.match.missingFields(['Squadra di casa'])]);
    expect(emptied[0].raw.squadraCasa).toBeUndefined();
  });

  it('after an import the imported lines leave the table, the header and the other lines stay', () => {
    const { table, hasHeader } = readImport(text, opts);
    const rest = withoutLines(table, new Set([2]), hasHeader);
    expect(rest.rows.map((r) => r[2])).toEqual(['Casa', 'Rossi; Bianchi', '-Meno']);
    expect(rest.lines).toEqual([1, 3, 4]);
  });

  it('the rows with problems as CSV: BOM, semicolons, CRLF, quoted fields, formulas neutralised; read back to the same rows', () => {
    const { rows } = readImport(text, opts);
    const failed = rows.filter((r) => !r.payload);
    const csv = failedRowsCsv(failed, stringify);
    expect(csv.startsWith('\uFEFFData;Inizio;Fine;Casa;Ospiti;Campo;Categoria;Tipo;Terreno;Casa/Trasferta;Spogliatoio Garibaldina;Spogliatoio ospiti;Problemi;Riga\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toBe(`31/02/2027;9.30;;"Rossi; Bianchi";"Il ""Nord""";C;Esordient;Torneo;;;;;"${failed[0].errors.join(' · ').replace(/"/g, '""')}";3`);
    expect(lines[2].startsWith(`07/03/2027;nove;;'-Meno;'@Chiocciola;"Campo\nB";Pulcini;Coppa;`)).toBe(true);
    // The import reads its own file back: same fields, same problems (the line numbers are the new file's).
    const back = readImport(csv, opts);
    expect(back.hasHeader).toBe(true);
    expect(back.mapping.slice(0, 12)).toEqual([
      'data', 'ora', 'oraFine', 'squadraCasa', 'squadraTrasferta', 'campo', 'gruppo', 'tipoGara', 'terreno', 'isHouseMatch', 'spogliatoioGari', 'spogliatoioOspiti',
    ]);
    expect(back.mapping.slice(12)).toEqual(['', '']);
    expect(back.rows.map((r) => r.raw)).toEqual(failed.map((r) => r.raw));
    expect(back.rows.map((r) => r.errors)).toEqual(failed.map((r) => r.errors));
  });
});
