import { countOf } from './plural';
import { EXPORT_MSG } from '../export/rules';
import { countLine } from '../matches/meaning';
import { STATUS_MSG } from '../status/rules';

describe('Italian counts (docs/screens.md)', () => {
  it('one is singular, zero and more are plural', () => {
    expect(countOf(1, 'partita', 'partite')).toBe('1 partita');
    expect(countOf(0, 'partita', 'partite')).toBe('0 partite');
    expect(countOf(12, 'partita', 'partite')).toBe('12 partite');
  });
  it('reads right where the interface prints counts', () => {
    expect(EXPORT_MSG.activity.dayPdf('28/11/2026', 1)).toBe('Export PDF giornaliero 28/11/2026 (1 partita)');
    expect(countLine([{ stato: 'annullata' }, {}])).toBe('1 partita, 1 annullata');
  });
});

describe('the status actions in the activity log (docs/screens.md, counts)', () => {
  it("agree with one match: '1 partita annullata', not 'annullate'", () => {
    expect(STATUS_MSG.activity.bulk('annulla', 1, null)).toBe('Stato delle partite: 1 partita annullata');
    expect(STATUS_MSG.activity.bulk('sospendi', 3, 'Nebbia')).toBe('Stato delle partite: 3 partite sospese (motivo: Nebbia)');
    expect(STATUS_MSG.activity.undone('sposta', 1)).toBe("Annullata l'operazione «Sposta di N giorni» su 1 partita");
  });
});
