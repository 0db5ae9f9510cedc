import type { CachedListing } from './listing-cache';
import { DASHBOARD_MSG, MATCH_OPTION_MSG } from '../../common/dashboardMessages';
import { isHomeTeam, sanitizePartite, type Partita } from '../../common/partiteRead';

/**
 * The public list of / rendered into the first response (issue 13: LCP on a phone). The matches
 * feature registers how to read its cached listing (providePublicListing); app.ts's HTML fallback
 * asks for it (publicListingFor), so no feature imports another. Every text is HTML-escaped; the
 * data for the client goes in a <script type="application/json"> block, which the CSP (script-src
 * 'self') allows because the browser never executes it.
 */
export type PublicListingProvider = () => Promise<CachedListing | undefined>;

const providers = new WeakMap<object, PublicListingProvider>();

/** Called by the matches feature with its app's deps (the same object in every plugin of one app). */
export function providePublicListing(deps: object, provider: PublicListingProvider): void {
  providers.set(deps, provider);
}

export function publicListingFor(deps: object): PublicListingProvider | undefined {
  return providers.get(deps);
}

/** The id of the JSON block src/features/matches/usePublicPartite.ts reads. */
export const PUBLIC_DATA_ID = 'public-partite';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** JSON safe inside <script>: no '<' (so no '</script>' or '<!--'), no line separators. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const hhmm = (t: string | null | undefined) => String(t ?? '').slice(0, 5);
const dataIt = (d: string) => {
  const [y, m, day] = String(d).split('-');
  return `${day}/${m}/${y}`;
};

const badge = (label: string) =>
  `<span style="display:inline-block;padding:2px 8px;border:1px solid #90a4ae;border-radius:12px;font-size:.75rem;font-weight:500">${escapeHtml(label)}</span>`;

function card(p: Partita, clubName: string): string {
  const time = p.ora_fine ? `${hhmm(p.ora)} - ${hhmm(p.ora_fine)}` : hhmm(p.ora);
  const team = (name: string) =>
    isHomeTeam(name, clubName) ? `<span style="font-weight:700;color:#0d47a1">${escapeHtml(name)}</span>` : `<span style="font-weight:500">${escapeHtml(name)}</span>`;
  const rooms = p.is_house_match && p.spogliatoio_gari != null && p.spogliatoio_ospiti != null;
  return [
    '<div data-testid="match-card" style="border:1px solid #e0e0e0;border-radius:4px;background:#fff;padding:16px 16px 24px">',
    '<div style="display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin-bottom:8px">',
    `<span style="font-weight:500;font-size:.875rem">${escapeHtml(dataIt(p.data))}</span>`,
    `<span style="font-weight:500;font-size:.875rem;color:rgba(0,0,0,.6)">${escapeHtml(time)}</span>`,
    '<span style="flex-grow:1"></span>',
    p.tipo_gara ? badge(MATCH_OPTION_MSG.tipoGara[p.tipo_gara] ?? '') : '',
    p.is_house_match ? badge(DASHBOARD_MSG.home) : '',
    '</div>',
    `<p style="margin:0;font-size:1.05rem;font-weight:500">${team(p.squadracasa)} ${escapeHtml(DASHBOARD_MSG.vs)} ${team(p.squadratrasferta)}</p>`,
    '<div style="display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin-top:8px">',
    `<span style="font-size:.875rem;color:rgba(0,0,0,.6)">${escapeHtml(DASHBOARD_MSG.filterLabels.campo)}: ${escapeHtml(p.campo)}</span>`,
    p.terreno ? badge(MATCH_OPTION_MSG.terrenoLabel[p.terreno] ?? '') : '',
    badge(p.gruppo),
    '</div>',
    rooms
      ? `<p style="margin:8px 0 0;font-size:.875rem">${escapeHtml(
          `${DASHBOARD_MSG.dressingRooms}: ${DASHBOARD_MSG.dressingRoomClub} ${p.spogliatoio_gari} · ${DASHBOARD_MSG.dressingRoomGuests} ${p.spogliatoio_ospiti}`,
        )}</p>`
      : '',
    '</div>',
  ].join('');
}

/**
 * index.html with the public list inside #root and its data in a JSON block (producedAt: the
 * server's clock, as the API's Date header). The preload of /api/partite/public goes: the data is here.
 */
export function renderPublicHome(indexHtml: string, listing: CachedListing, clubName: string, producedAt = Date.now()): string {
  const body = JSON.parse(listing.body) as { data?: Partita[] };
  // The same cleaning the client applies on read (spec 7), so both show the same text; escaped on top.
  const partite = sanitizePartite(body.data);
  const list =
    partite.length === 0
      ? `<div role="status" style="border:1px solid #e0e0e0;border-radius:4px;padding:24px;text-align:center;color:rgba(0,0,0,.6)">${escapeHtml(DASHBOARD_MSG.noMatches)}</div>`
      : `<div style="display:flex;flex-direction:column;gap:16px">${partite.map((p) => card(p, clubName)).join('')}</div>`;
  const html = [
    // The title a touch larger than React's (MUI h4, letter-spacing .00735em): React's copy never
    // becomes a larger paint than the server's, so LCP stays on the first response.
    '<style>body{margin:0}@media (min-width:600px){#ssr-title{font-size:2.125rem!important}}</style>',
    '<div style="min-height:100vh;background:#fafafa;font-family:Roboto,Helvetica,Arial,sans-serif;color:rgba(0,0,0,.87)">',
    '<main style="max-width:1536px;margin:0 auto;padding:16px">',
    '<div style="display:flex;align-items:center;gap:8px;margin-bottom:16px">',
    `<h1 id="ssr-title" style="flex-grow:1;margin:0;font-size:1.5rem;font-weight:400;line-height:1.235;letter-spacing:.01em">${escapeHtml(DASHBOARD_MSG.publicTitle)}</h1>`,
    `<a href="/login" style="min-height:44px;display:inline-flex;align-items:center;padding:0 16px;border-radius:4px;background:#0d47a1;color:#fff;text-decoration:none;font-weight:500">${escapeHtml(DASHBOARD_MSG.login)}</a>`,
    '</div>',
    `<h2 style="margin:0 0 16px;font-size:1.25rem;font-weight:500">${escapeHtml(DASHBOARD_MSG.upcoming(partite.length))}</h2>`,
    list,
    '</main></div>',
  ].join('');
  const data = `<script type="application/json" id="${PUBLIC_DATA_ID}">${jsonForScript({ producedAt, etag: listing.etag, body: JSON.parse(listing.body) })}</script>`;
  return indexHtml
    .replace(/\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/partite\/public"[^>]*>/, '')
    .replace(/<link rel="preload" href="\/api\/partite\/public"[^>]*>/, '')
    .replace('<div id="root"></div>', `<div id="root">${html}</div>${data}`);
}
