import { countLine, meaningOf, readMatch } from './meaning';

describe('the meaning of a match (docs/matches.md, status)', () => {
  it('tells the five meanings apart, the two kinds of rinviata included', () => {
    expect(meaningOf({})).toBe('programmata');
    expect(meaningOf({ stato: 'rinviata', data_da_definire: true })).toBe('da_definire');
    expect(meaningOf({ stato: 'rinviata' })).toBe('da_definire');
    expect(meaningOf({ stato: 'rinviata', data_da_definire: false })).toBe('spostata');
    expect(meaningOf({ stato: 'sospesa' })).toBe('sospesa');
    expect(meaningOf({ stato: 'annullata' })).toBe('annullata');
    expect(meaningOf({ stato: 'sconosciuto' })).toBe('programmata');
  });

  it('reads each the same way for every output', () => {
    expect(readMatch({ stato: 'rinviata', data_da_definire: false, data_originale: '2026-11-21' })).toEqual({
      meaning: 'spostata',
      played: true,
      label: 'In programma',
      note: 'Spostata dal 21/11/2026',
      text: 'In programma - Spostata dal 21/11/2026',
      badge: 'Spostata dal 21/11/2026',
      feedStatus: 'CONFIRMED',
      feedPrefix: null,
    });
    expect(readMatch({ stato: 'rinviata', data_da_definire: false }).note).toBe('Spostata');
    expect(readMatch({ stato: 'rinviata', data_da_definire: true })).toMatchObject({ label: 'Rinviata - data da definire', played: false, feedStatus: 'CANCELLED', feedPrefix: 'RINVIATA' });
    expect(readMatch({ stato: 'annullata' })).toMatchObject({ text: 'Annullata', feedStatus: 'CANCELLED', feedPrefix: 'ANNULLATA' });
    expect(readMatch({ stato: 'sospesa' })).toMatchObject({ text: 'Sospesa', played: false, feedStatus: 'CONFIRMED', feedPrefix: 'SOSPESA' });
  });

  it('counts the matches to be played and names the others apart', () => {
    expect(countLine([{ stato: 'annullata' }])).toBe('0 partite, 1 annullata');
    expect(countLine([{}, {}, { stato: 'rinviata', data_da_definire: false }, { stato: 'annullata' }])).toBe('3 partite, 1 annullata');
    expect(countLine([{}, { stato: 'rinviata', data_da_definire: true }, { stato: 'sospesa' }, { stato: 'sospesa' }])).toBe('1 partita, 1 rinviata, 2 sospese');
  });
});
