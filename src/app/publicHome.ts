import { routeOf } from '../config/paths';
import { PUBLIC_STALE_AFTER_MS } from '../../common/matches/public-page';
import type { PublicStart } from '../features/matches/PublicDashboardPage';

export type { PublicStart };

/**
 * Whether a path shows the home page (docs/public-page.md: / and any path that is no other route), matched as the
 * router does (case-insensitive, optional trailing slash) but without loading it: main.tsx decides with
 * it, before any router exists, whether the public shell is enough (docs/public-page.md).
 */
export function isPublicHome(pathname: string): boolean {
  return routeOf(pathname) === 'home';
}

/** MUI's sm breakpoint: from it the filter fields are on screen from the start (FilterPanel). */
const WIDE = '(min-width: 600px)';

/** React's controls that take the place of the server's ones (for the focus). */
const REACT_CONTROL: Record<string, string> = {
  filters: '[data-testid="filters-toggle"]',
  calendar: 'button[aria-haspopup="dialog"]',
  more: '[data-testid="show-more"]',
};

/**
 * The server's HTML of / (server/shared/public-home.ts) is the page a phone shows until a control is
 * used (docs/public-page.md): the list, 'Login' (a link) and the other controls work from these few lines, and React
 * (start) is loaded and takes over on the first press of 'Filtri', 'Aggiungi al calendario', a card or 'Mostra altre partite',
 * carrying on what was asked; on a wide screen at once, the filter fields being on screen there. While
 * React loads, 'Filtri' already opens its panel, which says it is loading.
 */
export function enhanceServerPage(page: HTMLElement, start: (wanted: PublicStart) => Promise<unknown>, login: () => void): void {
  const toggle = page.querySelector<HTMLElement>('[data-action="filters"]');
  const panel = document.getElementById(toggle?.getAttribute('aria-controls') ?? '');
  const wanted: PublicStart = { fromServerPage: true };
  let pressed: HTMLElement | null = null;
  let loading: Promise<unknown> | null = null;
  const takeOver = () => {
    loading ??= start(wanted).then(
      () => {
        // The pressed control was replaced by React's: the focus goes to its counterpart.
        const action = pressed?.dataset.action;
        const selector = action && REACT_CONTROL[action];
        if (selector && (document.activeElement === document.body || !document.activeElement?.isConnected)) {
          document.querySelector<HTMLElement>(selector)?.focus();
        }
      },
      (error: unknown) => {
        loading = null; // a later press tries again (a chunk lost to a bad signal)
        pressed?.removeAttribute('aria-busy');
        throw error;
      },
    );
  };
  page.addEventListener('click', (event) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>('[data-action]');
    if (!target) return;
    const action = target.dataset.action;
    if (action === 'login') {
      // A real link for crawlers and new tabs; a plain click stays in the page.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      login();
      return;
    }
    if (action === 'filters' && toggle) {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      panel?.classList.toggle('p-open', open);
      wanted.filtersOpen = open;
    } else if (action === 'calendar') {
      wanted.calendarOpen = true;
    } else if (action === 'card') {
      wanted.loginWarning = true;
    } else if (action === 'more') {
      wanted.showMore = true;
    }
    pressed = target;
    target.setAttribute('aria-busy', 'true');
    takeOver();
  });
  const wide = window.matchMedia(WIDE);
  if (wide.matches) takeOver();
  else wide.addEventListener('change', () => wide.matches && takeOver());
  // The controls answer from now on (and nothing more is downloaded until one is used on a phone).
  page.dataset.ready = 'true';
}

/**
 * Whether the server's page of / is the copy the service worker kept (no network, or none within its
 * timeout): then React takes over at once, to say how old the list is ('Non in linea - ...').
 */
export function isKeptCopy(serverPage: HTMLElement): boolean {
  if (!navigator.onLine) return true;
  const producedAt = Number(serverPage.dataset.producedAt);
  return Number.isFinite(producedAt) && Date.now() - producedAt > PUBLIC_STALE_AFTER_MS;
}
