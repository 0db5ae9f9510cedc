import { CONVOCAZIONI_MSG } from './messages';
import { convocazioneFormSchema, type ConvocazioneFormValues } from './form';
import { NOTE_MAX } from './rules';

const M = CONVOCAZIONI_MSG.invalid;
const values = (v: Partial<ConvocazioneFormValues> = {}): ConvocazioneFormValues => ({
  giocatori: [9, 1],
  ora: '09:15',
  luogo: 'Comunale',
  scadenza: '2026-12-04T09:15',
  fuso: '+01:00',
  note: '',
  ...v,
});
const problems = (v: ConvocazioneFormValues) => {
  const r = convocazioneFormSchema.safeParse(v);
  // One per field and message (a field may break two of the server's checks with the same words).
  const seen = new Map((r.success ? [] : r.error.issues).map((i) => [`${i.path.join('.')} ${i.message}`, { path: i.path, message: i.message }]));
  return [...seen.values()];
};

describe('the coach’s call-up form (docs/callups.md)', () => {
  it('gives the body of PUT /api/partite/{id}/convocazione: the deadline with its offset, blank place and note null', () => {
    expect(convocazioneFormSchema.parse(values({ luogo: '  ', note: '  Parastinchi ' }))).toEqual({
      giocatori: [9, 1], ritrovo: { ora: '09:15', luogo: null }, scadenza: '2026-12-04T09:15:00+01:00', note: 'Parastinchi',
    });
  });

  it('names each problem under its field with the server’s message', () => {
    expect(problems(values({ ora: '' }))).toEqual([{ path: ['ora'], message: M.ritrovoOra }]);
    expect(problems(values({ luogo: 'a\nb' }))).toEqual([{ path: ['luogo'], message: M.ritrovoLuogoRiga }]);
    expect(problems(values({ scadenza: '' }))).toEqual([{ path: ['scadenza'], message: M.scadenza }]);
    expect(problems(values({ note: 'x'.repeat(NOTE_MAX + 1) }))).toEqual([{ path: ['note'], message: M.note(NOTE_MAX) }]);
    expect(problems(values({ giocatori: [1, 1] }))).toEqual([{ path: ['giocatori'], message: M.doppio }]);
  });
});
