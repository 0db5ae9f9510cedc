import { escapeHtml, escapeText } from './html';

describe('text into HTML', () => {
  it('escapes the five characters for text or an attribute, and reads null as nothing', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(12)).toBe('12');
  });
  it("escapes an element's text only where markup could start, keeping quotes as they read", () => {
    expect(escapeText(`L'allenatore dice "<b>ciao</b>" & va`)).toBe(`L'allenatore dice "&lt;b&gt;ciao&lt;/b&gt;" &amp; va`);
  });
});
