import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import type { Dirigente, Qualifica } from '../../../common/officials/rules';

const M = DIRIGENTI_MSG;

/** The state filter: everyone, the active people, the others. */
export type Stato = '' | 'attivi' | 'non_attivi';

const collator = new Intl.Collator('it', { sensitivity: 'base' });
const byName = (a: Dirigente, b: Dirigente) => collator.compare(a.cognome, b.cognome) || collator.compare(a.nome, b.nome) || a.id - b.id;
/** Case- and accent-insensitive, as people type names. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('it').trim();

/** Groups a phone's digits as people read them (333 123 4567). */
export function formatTelefono(digits: string | null): string {
  if (!digits) return M.noPhone;
  return digits.length === 10 ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : `${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** The people a search, a qualification and a state leave, by surname. */
export function filterDirigenti(list: readonly Dirigente[], search: string, qualifica: Qualifica | '', stato: Stato): Dirigente[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  return list
    .filter((d) => !qualifica || d.qualifiche.includes(qualifica))
    .filter((d) => stato === '' || d.attivo === (stato === 'attivi'))
    .filter((d) => {
      const text = fold(`${d.nome} ${d.cognome} ${d.email}`);
      return words.every((w) => text.includes(w));
    })
    .sort(byName);
}
