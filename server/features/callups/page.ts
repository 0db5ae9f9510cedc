// The families' answer page (docs/callups.md, the answer page): server-rendered HTML, no script, no
// SPA bundle, a plain form POST; small (a few KB) and readable on a phone. It names one child only
// and nothing about the club's other matches or people. The CSP of every answer holds: inline style
// only (style-src 'unsafe-inline'), the form posts to this same address (form-action 'self').
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import type { Risposta } from '../../../common/callups/rules';
import { escapeHtml, escapeText } from '../../shared/html';

const P = CONVOCAZIONI_MSG.page;


const STYLE =
  'body{font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:34rem;padding:1rem;color:#1f2937;background:#fff}' +
  'h1{font-size:1.375rem;margin:.25rem 0 1rem}.c{margin:0;color:#374151}' +
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:0 0 1rem}dt{font-weight:600}dd{margin:0}' +
  '.m{padding:.75rem;border-radius:.5rem;background:#e8f0fe;margin:1rem 0}.e{background:#fdecea}' +
  'label{display:block;font-weight:600;margin-top:.5rem}' +
  'input{width:100%;box-sizing:border-box;font:inherit;padding:.625rem;border:1px solid #4b5563;border-radius:.375rem}' +
  '.h{font-size:.875rem;color:#4b5563;margin:.25rem 0 0}' +
  'button{display:block;width:100%;min-height:3.5rem;margin:.75rem 0;font:600 1.25rem/1.2 inherit;border:0;border-radius:.5rem;color:#fff;cursor:pointer}' +
  '.s{background:#1b5e20}.n{background:#b71c1c}button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}' +
  'fieldset{border:0;padding:0;margin:0}legend{font-weight:600;font-size:1.125rem;padding:0}a{color:#0b57d0}';

function shell(title: string, body: string): string {
  return (
    `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><link rel="icon" href="data:,"><meta name="description" content="${escapeHtml(CONVOCAZIONI_MSG.title)}">` +
    `<title>${escapeText(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
  );
}

/** A page with a title and a sentence: the 404 of a wrong or expired link, the 429 of too many guesses. */
export const messagePage = (title: string, text: string) => shell(title, `<h1>${escapeText(title)}</h1><p>${escapeText(text)}</p>`);

export interface AnswerPage {
  club: string;
  /** The child's name and surname. */
  giocatore: string;
  partita: string;
  gruppo: string;
  /** 'sabato 14 marzo 2026'. */
  giorno: string;
  ora: string;
  campo: string;
  /** The sentence of a match that will not be played then; null when it will. */
  stato: string | null;
  /** 'alle 14:15, Stadio Comunale'; null for a match not played. */
  ritrovo: string | null;
  note: string | null;
  risposta: Risposta | null;
  nota: string | null;
  /** The note field's value (what was typed, when the form is shown again with a problem). */
  notaForm: string | null;
  /** 'dd/mm/yyyy alle hh:mm' of the current answer. */
  rispostoIl: string | null;
  rispostaStaff: boolean;
  /** 'dd/mm/yyyy alle hh:mm' of the deadline. */
  entro: string;
  /** The form is shown: before the deadline, for a match that will be played. */
  aperta: boolean;
  /** The deadline has passed ('Risposte chiuse'). */
  chiusa: boolean;
  /** Just answered (after the POST's 303). */
  salvata: boolean;
  /** What the form refused. */
  errore: string | null;
  /** The calendar file's address, relative to the page. */
  calendario: string;
}

/** The answer page of one child's call-up. */
export function answerPage(d: AnswerPage): string {
  const e = escapeText;
  const row = (label: string, value: string) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`;
  const attuale =
    d.risposta === null
      ? P.nessuna
      : `${CONVOCAZIONI_MSG.risposte[d.risposta]}${d.rispostoIl ? ` ${P.rispostoIl(d.rispostoIl)}` : ''}${d.nota ? ` — ${d.nota}` : ''}${d.rispostaStaff ? ` — ${CONVOCAZIONI_MSG.rispostaStaff}` : ''}`;
  const parts = [
    `<p class="c">${e(d.club)}</p>`,
    `<h1>${e(P.title(d.giocatore))}</h1>`,
    d.salvata ? `<p class="m" role="status">${e(P.salvata)}</p>` : '',
    d.errore ? `<p class="m e" role="alert">${e(d.errore)}</p>` : '',
    d.stato ? `<p class="m">${e(d.stato)}</p>` : '',
    '<dl>',
    row(CONVOCAZIONI_MSG.mail.partita, d.partita),
    row(P.categoria, d.gruppo),
    row(P.data, d.giorno),
    row(P.ora, d.ora),
    row(P.campo, d.campo),
    d.ritrovo ? row(P.ritrovo, d.ritrovo) : '',
    d.note ? row(P.note, d.note) : '',
    '</dl>',
    `<p><strong>${e(P.attuale)}:</strong> ${e(attuale)}</p>`,
  ];
  if (d.aperta) {
    parts.push(
      `<form method="post"><fieldset><legend>${e(P.domanda)}</legend>` +
        `<p class="h">${e(P.entro(d.entro))}</p>` +
        `<label for="nota">${e(P.nota)}</label><input id="nota" name="nota" type="text" maxlength="200" autocomplete="off" aria-describedby="nota-aiuto" value="${escapeHtml(d.notaForm ?? '')}">` +
        `<p class="h" id="nota-aiuto">${e(P.notaAiuto)}</p>` +
        `<button class="s" type="submit" name="risposta" value="si">${e(CONVOCAZIONI_MSG.risposte.si)}</button>` +
        `<button class="n" type="submit" name="risposta" value="no">${e(CONVOCAZIONI_MSG.risposte.no)}</button>` +
        `</fieldset></form>`,
    );
  } else if (d.chiusa && !d.stato) {
    parts.push(`<p class="m">${e(CONVOCAZIONI_MSG.chiusa)}</p>`);
  }
  if (!d.stato) parts.push(`<p><a href="${escapeHtml(d.calendario)}">${e(P.calendario)}</a></p>`);
  return shell(P.title(d.giocatore), parts.join(''));
}
