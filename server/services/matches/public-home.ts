// The public list of / rendered into the first response (docs/public-page.md: LCP on a phone): server/app.ts's
// HTML fallback renders the listing the partite feature provides (`app.publicListing`). Every text is
// HTML-escaped; the data for the client goes in a <script type="application/json"> block, which the
// CSP (script-src 'self') allows because the browser never executes it.
import crypto from 'node:crypto';
import type { CachedListing } from '../../shared/listing-cache';
import { EncodedCopies } from '../../shared/compress';
import { escapeHtml } from '../../shared/html';
import { DASHBOARD_MSG } from '../../../common/matches/messages';
import { sanitizePartite, type Partita } from '../../../common/matches/read';
import { matchCardText } from '../../../common/matches/card-text';
import { statoOf } from '../../../common/status/read';
import { MEANING_COLORS, MOTIVO_LABEL } from '../../../common/status/labels';
import { PUBLIC_MSG } from '../../../common/matches/public-page';
import { CALENDAR_BUTTON } from '../../../common/calendar/messages';
import { PALETTE as C, RADIUS, withAlpha } from '../../../common/core/palette';

/** The id of the JSON block src/features/matches/usePublicMatches.ts reads. */
export const PUBLIC_DATA_ID = 'public-partite';


/** JSON safe inside <script>: no '<' (so no '</script>' or '<!--'), no line separators. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page's look, as React's MUI components draw it (src/app/theme.ts, with the colours and radius of
 * common/core/palette.ts; MUI's typography variants;
 * index.html's CssBaseline rules; src/components/LiteButton.tsx; FilterPanel, MatchCard, MatchBadge): same sizes, so a
 * phone shows this page as is until React takes over on the first tap (src/main.tsx), with nothing
 * moving then. In <head>: it stays after React replaced the markup (classes p-* only).
 */
const CSS = [
  `.p-page{min-height:100vh;background:${C.background}}.p-main{max-width:1536px;margin:0 auto;padding:16px}`,
  '.p-head{display:flex;align-items:center;gap:8px;margin-bottom:16px}',
  '.p-h1{flex-grow:1;margin:0;font-size:1.5rem;font-weight:400;line-height:1.235;letter-spacing:.00735em}',
  `.p-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:44px;padding:6px 16px;margin:0;border-radius:${RADIUS}px;border:1px solid transparent;background:transparent;color:${C.primary};box-shadow:none;font-family:Roboto,Helvetica,Arial,sans-serif;font-weight:500;font-size:.875rem;line-height:1.75;letter-spacing:.02857em;text-transform:uppercase;text-decoration:none;white-space:nowrap;cursor:pointer;transition:background-color .2s}`,
  '[aria-busy=true].p-btn,[aria-busy=true].p-cardbtn{cursor:progress}',
  `.p-btn:hover{background:rgba(0,0,0,.04)}.p-btn:focus-visible{outline:3px solid ${C.focus};outline-offset:2px}`,
  '.p-btn:disabled{cursor:default;color:rgba(0,0,0,.26);background:transparent}',
  `.p-contained{background:${C.primary};color:#fff;box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}.p-contained:hover{background:${C.primaryHover}}`,
  `.p-outlined{border-color:${C.primary}}.p-cal{margin-bottom:16px}.p-toggle{margin:0 0 16px 8px}`,
  '.p-count{min-width:22px;height:22px;padding:0 6px;border-radius:11px;background:rgba(0,0,0,.08);color:rgba(0,0,0,.87);font-size:13px;line-height:22px}',
  '.p-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
  `.p-paper{background:#fff;color:rgba(0,0,0,.87);border:1px solid rgba(0,0,0,.12);border-radius:${RADIUS}px}`,
  '.p-panel{display:none;padding:16px;margin-bottom:24px}.p-panel.p-open{display:block}',
  '.p-panel-head{display:flex;gap:16px;align-items:center;margin-bottom:16px;flex-wrap:wrap}',
  '.p-sub1{margin:0;font-size:1rem;font-weight:600;line-height:1.75;letter-spacing:.00938em}',
  '.p-reset{padding:4px 10px;font-size:.8125rem}.p-wait{min-height:480px}',
  '.p-h2{margin:0 0 16px;font-size:1.25rem;font-weight:500;line-height:1.6;letter-spacing:.0075em}',
  // A card off screen is laid out and painted when it comes near (content-visibility): the phone's first
  // layout does 3-4 cards, not 30; the text is there all along (search in page, screen readers).
  '.p-list{display:flex;flex-direction:column;gap:16px}.p-card{overflow:hidden;content-visibility:auto;contain-intrinsic-size:auto 170px}',
  '.p-cardbtn{display:block;width:100%;padding:0;margin:0;border:0;background:transparent;color:inherit;font:inherit;text-align:left;cursor:pointer}',
  `.p-cardbtn:hover{background:rgba(0,0,0,.04)}.p-cardbtn:focus-visible{outline:3px solid ${C.focus};outline-offset:-3px}`,
  '.p-cc{padding:16px 16px 24px}.p-row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}.p-row1{margin-bottom:8px}.p-row3{margin-top:8px}',
  '.p-sub2{font-size:.875rem;font-weight:500;line-height:1.57;letter-spacing:.00714em}.p-grow{flex-grow:1}',
  '.p-body2{margin:0;font-size:.875rem;font-weight:400;line-height:1.43;letter-spacing:.01071em}.p-mt{margin-top:8px}.p-muted{color:rgba(0,0,0,.6)}',
  '.p-teams{margin:0;font-size:1.05rem;font-weight:500;line-height:1.6;letter-spacing:.0075em}.p-struck{text-decoration:line-through}',
  `.p-team{font-size:1rem;font-weight:500;line-height:1.5;letter-spacing:.00938em}.p-club{font-weight:700;color:${C.primary}}`,
  '.p-badge{display:inline-flex;align-items:center;height:24px;padding:0 8px;border-radius:12px;font-size:.8125rem;line-height:1;white-space:nowrap;border:1px solid transparent;color:#fff}',
  `.p-primary{background:${C.primary}}.p-secondary{background:${C.secondary}}.p-info{background:${C.info}}.p-success{background:${C.success}}`,
  `.p-out{background:transparent;border-color:#bdbdbd;color:rgba(0,0,0,.87)}.p-out.p-primary{background:transparent;border-color:${withAlpha(C.primary, 0.7)};color:${C.primary}}`,
  '.p-stato{border:0;font-weight:700}',
  '.p-empty{padding:24px;text-align:center}.p-empty p{margin:0}.p-more{display:flex;width:100%;margin-top:16px}',
  '@media (min-width:600px){.p-main{padding:24px}.p-head{margin-bottom:24px}.p-h1{font-size:2.125rem}.p-toggle{display:none}.p-panel{display:block}.p-wait{min-height:96px}.p-reset{min-height:30px}}',
].join('');

const el = (tag: string, cls: string, text: string, attrs = '') => `<${tag} class="${cls}"${attrs}>${escapeHtml(text)}</${tag}>`;

/** MatchCard's markup (the card's button included: a tap shows 'Effettua il login...' as in React). */
function card(p: Partita, clubName: string): string {
  const text = matchCardText(p, clubName);
  const stato = statoOf(p.stato);
  const team = (t: { name: string; club: boolean }) => (t.club ? el('span', 'p-team p-club', t.name, ' data-club="true"') : el('span', 'p-team', t.name));
  return [
    `<div class="p-paper p-card" data-testid="match-card" data-stato="${stato}"><button type="button" class="p-cardbtn" data-action="card"><div class="p-cc">`,
    '<div class="p-row p-row1">',
    el('span', 'p-sub2', text.date),
    el('span', 'p-sub2 p-muted', text.time),
    '<span class="p-grow"></span>',
    text.status ? el('span', 'p-badge p-stato', text.status.label, ` data-testid="match-status" style="background:${MEANING_COLORS[text.status.meaning].bg};color:${MEANING_COLORS[text.status.meaning].fg}"`) : '',
    text.tipo ? el('span', `p-badge p-${text.tipo.color}`, text.tipo.label) : '',
    text.home ? el('span', 'p-badge p-success', text.home) : '',
    '</div>',
    `<p class="p-teams${text.struck ? ' p-struck' : ''}">${team(text.teams[0])} ${escapeHtml(DASHBOARD_MSG.vs)} ${team(text.teams[1])}</p>`,
    '<div class="p-row p-row3">',
    el('p', 'p-body2 p-muted', text.campo),
    text.terreno ? el('span', 'p-badge p-out', text.terreno) : '',
    el('span', 'p-badge p-out p-primary', text.gruppo),
    '</div>',
    stato !== 'programmata' && p.motivo_stato ? el('p', 'p-body2 p-mt', `${MOTIVO_LABEL}: ${p.motivo_stato}`) : '',
    text.rooms ? el('p', 'p-body2 p-mt', text.rooms) : '',
    '</div></button></div>',
  ].join('');
}

/** The id of the server page's filter panel (the 'Filtri' button controls it). */
const PANEL_ID = 'p-filtri';

/**
 * PublicDashboardPage's markup with no filter set: title and Login, 'Aggiungi al calendario', the
 * 'Filtri' button (phones) and the filter panel ('Caricamento filtri...', as React's Suspense shows it),
 * the count (of every match) and the first page's cards, with 'Mostra altre partite' when there are more.
 * data-action marks what src/app/publicHome.ts wires up before React.
 */
function page(partite: Partita[], total: number, clubName: string, producedAt: number): string {
  const list =
    partite.length === 0
      ? `<div class="p-paper p-empty" role="status">${el('p', 'p-muted', DASHBOARD_MSG.noMatches)}</div>`
      : `<div class="p-list">${partite.map((p) => card(p, clubName)).join('')}</div>`;
  // The first page only (docs/public-page.md): the rest comes from the JSON list, a page per press.
  const more = total > partite.length ? el('button', 'p-btn p-outlined p-more', PUBLIC_MSG.showMore, ' type="button" data-action="more" data-testid="show-more"') : '';
  return [
    // When the list was produced: the entry tells a copy kept by the service worker from a fresh page.
    `<div class="p-page" id="public-page" data-produced-at="${Math.round(producedAt)}"><main class="p-main">`,
    '<div class="p-head">',
    el('h1', 'p-h1', DASHBOARD_MSG.publicTitle),
    el('a', 'p-btn p-contained', DASHBOARD_MSG.login, ' href="/login" data-action="login"'),
    '</div>',
    el('button', 'p-btn p-outlined p-cal', CALENDAR_BUTTON, ' type="button" aria-haspopup="dialog" data-action="calendar"'),
    `<button type="button" class="p-btn p-outlined p-toggle" aria-expanded="false" aria-controls="${PANEL_ID}" data-testid="filters-toggle" data-action="filters">`,
    `${escapeHtml(PUBLIC_MSG.filtersButton)}<span class="p-count">0</span><span class="p-sr">${escapeHtml(PUBLIC_MSG.filtersCountSuffix(0))}</span></button>`,
    `<section id="${PANEL_ID}" class="p-paper p-panel" aria-label="${escapeHtml(DASHBOARD_MSG.filters)}">`,
    '<div class="p-panel-head">',
    el('h2', 'p-sub1', DASHBOARD_MSG.filters),
    el('p', 'p-body2 p-muted', DASHBOARD_MSG.activeFilters(0), ' data-testid="active-filters"'),
    el('button', 'p-btn p-reset', DASHBOARD_MSG.resetFilters, ' type="button" disabled'),
    '</div>',
    `<div class="p-wait" aria-busy="true">${el('p', 'p-body2 p-muted', PUBLIC_MSG.filtersLoading)}</div>`,
    '</section>',
    el('h2', 'p-h2', DASHBOARD_MSG.upcoming(total)),
    list,
    more,
    '</main></div>',
  ].join('');
}

export function renderPublicHome(indexHtml: string, listing: CachedListing, clubName: string, producedAt = Date.now()): string {
  const body = JSON.parse(listing.body) as { data?: Partita[]; total?: number };
  // The same cleaning the client applies on read (docs/matches.md, reading matches), so both show the same text; escaped on top.
  const partite = sanitizePartite(body.data);
  const html = page(partite, Math.max(partite.length, Number(body.total) || 0), clubName, producedAt);
  const data = `<script type="application/json" id="${PUBLIC_DATA_ID}">${jsonForScript({ producedAt, etag: listing.etag, body })}</script>`;
  return indexHtml
    .replace(/\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/partite\/public"[^>]*>/, '')
    .replace(/<link rel="preload" href="\/api\/partite\/public"[^>]*>/, '')
    .replace('</head>', `<style>${CSS}</style></head>`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>${data}`);
}

/**
 * A page older than this is rendered again even if the listing did not change, so that its
 * data-produced-at (which tells the offline page how old its copy is: PUBLIC_STALE_AFTER_MS) stays recent.
 */
export const HOME_RERENDER_MS = 60_000;

export interface HomePage {
  html: string;
  /** The hash of the HTML (encodedEtag gives each encoding's). */
  etag: string;
  /** The page compressed per encoding (about 6 KB instead of 40 KB with 30 matches), each made once. */
  copies: EncodedCopies;
}

/**
 * The rendered page of / kept per listing version, with its compressed copies (shared/compress.ts):
 * `GET /` costs a render once per change of the matches (the listing's ETag, which the NOTIFY of every
 * write renews) and per HOME_RERENDER_MS, and a compression once per encoding of that render, not
 * once per visitor.
 */
export class HomePageCache {
  private listingEtag: string | null = null;
  private kept: (HomePage & { at: number }) | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  page(listing: CachedListing, render: (producedAt: number) => string): HomePage {
    const now = this.now();
    if (this.kept && listing.etag === this.listingEtag && now - this.kept.at < HOME_RERENDER_MS) return this.kept;
    this.listingEtag = listing.etag;
    const html = render(now);
    this.kept = { html, etag: `"${crypto.createHash('sha1').update(html).digest('base64url')}"`, copies: new EncodedCopies(html), at: now };
    return this.kept;
  }
}
