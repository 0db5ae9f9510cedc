import { parseTable } from '../import/parse';
import { GIOCATORI_MSG as G } from './messages';
import { leggiGiocatori } from './import';

const today = () => '2026-11-28';
const read = (text: string, gruppi: string[] = ['Pulcini', 'Esordienti']) => leggiGiocatori(parseTable(text), today, gruppi);

describe('reading players to import', () => {
  it('reads a header row in any order and spelling, Italian and ISO dates, the certificate, blank optional cells', () => {
    const rows = read(
      [
        'Cognome;Nome;Data di nascita;Categoria;Tessera;Certificato;Scadenza',
        'Rossi;Luca;15/03/2017;pulcini;AB123;Non agonistico;2027-01-31',
        'Bianchi;Anna;2016-05-02;Pulcini;;;',
      ].join('\n'),
    );
    expect(rows).toEqual([
      {
        riga: 2,
        giocatore: { nome: 'Luca', cognome: 'Rossi', dataNascita: '2017-03-15', gruppo: 'Pulcini', numeroTessera: 'AB123', certificato: { tipo: 'non_agonistico', scadenza: '2027-01-31' } },
        problemi: [],
      },
      { riga: 3, giocatore: { nome: 'Anna', cognome: 'Bianchi', dataNascita: '2016-05-02', gruppo: 'Pulcini', numeroTessera: null, certificato: null }, problemi: [] },
    ]);
  });

  it('without a header takes the columns in the documented order (pasted cells, tab separated)', () => {
    const [row] = read('Luca\tRossi\t15/03/2012\tEsordienti\tX1\tagonistico\t01/09/2027');
    expect(row.riga).toBe(1);
    expect(row.giocatore).toEqual({ nome: 'Luca', cognome: 'Rossi', dataNascita: '2012-03-15', gruppo: 'Esordienti', numeroTessera: 'X1', certificato: { tipo: 'agonistico', scadenza: '2027-09-01' } });
    expect(row.problemi).toEqual([]);
  });

  it("names each row's problems once: unreadable dates, an unknown type, a half certificate, a missing name, a future birth, an unknown category", () => {
    const rows = read(
      [
        'nome;cognome;dataNascita;gruppo;numeroTessera;tipo;scadenza',
        'Luca;Rossi;31/02/2017;Pulcini;;medico;2027-01-01',
        ';Verdi;2017-01-01;Pulcini;;agonistico;',
        'Anna;Neri;01/01/2030;Allievi;;;',
        'Sara;Gialli;2017-01-01;Pulcini;;;31/13/2027',
      ].join('\n'),
    );
    expect(rows.map((r) => r.riga)).toEqual([2, 3, 4, 5]);
    expect(rows[0].problemi).toEqual([G.import.data(G.fields.dataNascita, '31/02/2017'), G.import.tipo('medico')]);
    expect(rows[1].problemi).toEqual([G.invalid.nome, G.invalid.data(G.fields.scadenza)]);
    expect(rows[2].problemi).toEqual([G.invalid.nascitaFutura, G.unknownGruppo('Allievi')]);
    expect(rows[3].problemi).toEqual([G.import.data(G.fields.scadenza, '31/13/2027'), G.invalid.tipo]);
  });
});
