import { INVISIBLE_TEXT, isSingleLine } from './text';

describe('single-line names and the text of every request', () => {
  const invisible = ['\u0085', '\u009b', '\u0080', '\u009f', '\u2028', '\u2029', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069'];

  it.each(invisible.map((c) => [c.codePointAt(0)!.toString(16)]))('U+%s is refused in names and in any text', (hex) => {
    const c = String.fromCodePoint(parseInt(hex, 16));
    expect(isSingleLine(`Mario${c}Rossi`)).toBe(false);
    expect(INVISIBLE_TEXT.test(`nota${c}`)).toBe(true);
  });

  it('line feed, tab and carriage return: never in a name, allowed in multi-line text', () => {
    for (const c of ['\n', '\t', '\r']) {
      expect(isSingleLine(`a${c}b`)).toBe(false);
      expect(INVISIBLE_TEXT.test(`a${c}b`)).toBe(false);
    }
  });

  it('what is seen passes: accents, other scripts, emoji, the characters just outside the refused ranges', () => {
    for (const text of ['Società Sportiva Garibaldina', 'Ñandú ß', 'نادي', 'クラブ', '⚽ 😀', '\u00a0', '\u007e', '\u200d', '\u202f', '\u2065', '\u206a']) {
      expect([text, isSingleLine(text), INVISIBLE_TEXT.test(text)]).toEqual([text, true, false]);
    }
  });
});
