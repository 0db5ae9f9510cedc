import {
  anticipoDi,
  cardLine,
  conteggiOf,
  convocazioneBodySchema,
  isoInZone,
  linkValido,
  orarioPromemoria,
  rispostaFormSchema,
  ritrovoIstante,
  ritrovoOra,
  scadenzaAnticipoDi,
  scadenzaIstante,
} from './rules';
import { CONVOCAZIONI_MSG } from './messages';

const TZ = 'Europe/Rome';
const at = (iso: string) => new Date(iso);

describe('the ritrovo and the deadline', () => {
  it('the ritrovo is minutes before the kick-off, on the same day', () => {
    expect(anticipoDi('15:00', '14:15')).toBe(45);
    expect(anticipoDi('15:00', '15:00')).toBe(0);
    expect(anticipoDi('15:00', '15:01')).toBeNull();
    expect(anticipoDi('09:30:00', '08:00')).toBe(90);
  });

  it('the instants follow the match, in APP_TIMEZONE, across the daylight-saving changes', () => {
    const m = { data: '2026-06-13', ora: '15:00' };
    expect(ritrovoIstante(m, 45, TZ).toISOString()).toBe('2026-06-13T12:15:00.000Z');
    expect(ritrovoOra(m, 45, TZ)).toBe('14:15');
    expect(scadenzaIstante(m, 45, 24 * 60, TZ).toISOString()).toBe('2026-06-12T12:15:00.000Z');
    expect(isoInZone(scadenzaIstante(m, 45, 24 * 60, TZ), TZ)).toBe('2026-06-12T14:15:00+02:00');
    // The Sunday clocks go back (25 October 2026): 24 hours before 14:15 CET is 15:15 CEST of the Saturday.
    const autumn = { data: '2026-10-25', ora: '15:00' };
    expect(isoInZone(scadenzaIstante(autumn, 45, 24 * 60, TZ), TZ)).toBe('2026-10-24T15:15:00+02:00');
    // A ritrovo moved with its match: the same minutes before the new kick-off.
    expect(ritrovoOra({ data: '2026-06-13', ora: '16:30' }, 45, TZ)).toBe('15:45');
  });

  it('a deadline is before the ritrovo, at most 14 days before it', () => {
    const ritrovo = at('2026-06-13T12:15:00Z');
    expect(scadenzaAnticipoDi(ritrovo, '2026-06-12T14:15:00+02:00')).toBe(24 * 60);
    expect(scadenzaAnticipoDi(ritrovo, '2026-06-13T12:15:00Z')).toBe(0);
    expect(scadenzaAnticipoDi(ritrovo, '2026-06-13T12:16:00Z')).toBeNull();
    expect(scadenzaAnticipoDi(ritrovo, '2026-05-30T12:15:00Z')).toBe(14 * 24 * 60);
    expect(scadenzaAnticipoDi(ritrovo, '2026-05-30T12:14:00Z')).toBeUndefined();
  });

  it('reminders only from 8:00 to 21:00 in APP_TIMEZONE', () => {
    expect(orarioPromemoria(at('2026-06-12T05:59:59Z'), TZ)).toBe(false); // 07:59:59 CEST
    expect(orarioPromemoria(at('2026-06-12T06:00:00Z'), TZ)).toBe(true); // 08:00
    expect(orarioPromemoria(at('2026-06-12T18:59:00Z'), TZ)).toBe(true); // 20:59
    expect(orarioPromemoria(at('2026-06-12T19:00:00Z'), TZ)).toBe(false); // 21:00
    expect(orarioPromemoria(at('2026-01-12T07:00:00Z'), TZ)).toBe(true); // 08:00 CET
  });

  it('a link opens until the end of its match day in APP_TIMEZONE', () => {
    expect(linkValido('2026-06-13', at('2026-06-13T21:59:59Z'), TZ)).toBe(true); // 23:59:59 CEST
    expect(linkValido('2026-06-13', at('2026-06-13T22:00:00Z'), TZ)).toBe(false); // midnight
    expect(linkValido('2026-06-13', at('2026-06-01T10:00:00Z'), TZ)).toBe(true);
  });
});

describe('the bodies', () => {
  it('a call-up: ritrovo, deadline and note optional (null: the defaults), the note trimmed', () => {
    expect(convocazioneBodySchema.parse({ giocatori: [3, 1] })).toEqual({ giocatori: [3, 1], ritrovo: null, scadenza: null, note: null });
    expect(convocazioneBodySchema.parse({ giocatori: [], ritrovo: { ora: '14:00' }, scadenza: '2026-06-12T18:00+02:00', note: '  Borraccia ' })).toEqual({
      giocatori: [],
      ritrovo: { ora: '14:00', luogo: null },
      scadenza: '2026-06-12T18:00+02:00',
      note: 'Borraccia',
    });
    const problem = (body: unknown) => {
      const r = convocazioneBodySchema.safeParse(body);
      return r.success ? null : r.error.issues[0].message;
    };
    expect(problem({ giocatori: [1], ritrovo: { ora: '14:00', luogo: '   ' } })).toBe(CONVOCAZIONI_MSG.invalid.ritrovoLuogo);
    expect(problem({ giocatori: [1], scadenza: '2026-06-12T18:00:00' })).toBe(CONVOCAZIONI_MSG.invalid.scadenza);
    expect(problem({ giocatori: [1], scadenza: '2026-06-12T24:00:00Z' })).toBe(CONVOCAZIONI_MSG.invalid.scadenza);
    expect(problem({ giocatori: [0] })).toBe(CONVOCAZIONI_MSG.invalid.giocatore);
  });

  it("the families' form: si or no, an optional note on one line; other fields ignored", () => {
    expect(rispostaFormSchema.parse({ risposta: 'si', nota: '', extra: 'x' })).toEqual({ risposta: 'si', nota: null });
    expect(rispostaFormSchema.safeParse({ risposta: 'forse' }).error?.issues[0].message).toBe(CONVOCAZIONI_MSG.page.scegli);
    expect(rispostaFormSchema.safeParse({ risposta: 'no', nota: 'a\nb' }).error?.issues[0].message).toBe(CONVOCAZIONI_MSG.invalid.notaRiga);
  });
});

describe("the coach's counts", () => {
  it("count the answers and write the dashboard card's line", () => {
    const c = conteggiOf([{ risposta: 'si' }, { risposta: 'si' }, { risposta: 'no' }, { risposta: null }]);
    expect(c).toEqual({ convocati: 4, si: 2, no: 1, inAttesa: 1 });
    expect(cardLine(c)).toBe('Convocati 4 · sì 2 · no 1');
  });
});
