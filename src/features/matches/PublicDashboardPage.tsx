import { startTransition, useEffect, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DASHBOARD_MSG } from '../../../common/matches/messages';
import { PUBLIC_MSG } from '../../../common/matches/public-page';
import { countActiveFilters, normalizeFilters, type PartiteFilters } from '../../../common/matches/read';
import { paths } from '../../config/paths';
import { useClub } from '../../components/ClubContext';
import { LiteButton } from '../../components/LiteButton';
import { LazyCalendarDialog } from '../../components/LazyCalendarDialog';
import { CALENDAR_BUTTON } from '../../../common/calendar/messages';
import { useNotify } from '../../components/Toasts';
import { useDebounced } from '../../components/useDebounced';
import { FilterPanel } from './FilterPanel';
import { ListTitle, MatchList } from './MatchList';
import { STALE_AFTER_MS, usePublicMatches } from './usePublicMatches';

/** What a visitor did on the server's page of / before React came (src/app/publicHome.ts), to carry on from. */
export interface PublicStart {
  /** React replaces the server's page of / (all its cards at once: nothing scrolls away). */
  fromServerPage?: boolean;
  /** The 'Filtri' button was pressed (phones): the panel is open. */
  filtersOpen?: boolean;
  /** 'Aggiungi al calendario' was pressed. */
  calendarOpen?: boolean;
  /** A card was pressed: 'Effettua il login per modificare le partite'. */
  loginWarning?: boolean;
  /** 'Mostra altre partite' was pressed: the next page loads. */
  showMore?: boolean;
}

/** The public listing is refetched 500 ms after the last filter change (docs/matches.md, public list). */
const PUBLIC_DEBOUNCE_MS = 500;

/** Cards per rendering step: the first screenful at once, the rest in later steps (docs/public-page.md: TBT). */
const CARDS_PER_STEP = 8;

/** 'HH:MM' of a moment in the club's timezone. */
const hhmmIn = (at: number, timeZone: string) => new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);

/**
 * / for visitors: upcoming matches with filters, from GET /api/partite/public. It needs no Redux store,
 * router or supabase-js, so the public shell (src/app/PublicApp.tsx) shows it with the smallest
 * download of the app (docs/public-page.md); the signed-in app shows it too after a sign-out.
 */
export default function PublicDashboardPage({ onLogin, start }: { onLogin: () => void; start?: PublicStart }) {
  const notify = useNotify();
  const { timezone } = useClub();
  const [filters, setFilters] = useState<PartiteFilters>({});
  // What the visitor already asked of the server's page before React came (src/app/publicHome.ts).
  const [calendarOpen, setCalendarOpen] = useState(Boolean(start?.calendarOpen));
  useEffect(() => {
    if (start?.loginWarning) notify(DASHBOARD_MSG.loginToEdit, 'warning');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the press made before React
  }, []);
  const applied = useDebounced(normalizeFilters(filters), PUBLIC_DEBOUNCE_MS);
  const { data, total, producedAt, isLoading, isError, loadMore, loadingMore, moreFailed } = usePublicMatches(applied);
  const partite = data ?? [];
  useEffect(() => {
    if (start?.showMore) loadMore();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the press made before React
  }, []);
  // Each later step is its own short task, so the first render never blocks the phone for long.
  // Taking over the server's page, every card at once: the list must not shrink under the visitor.
  const [shown, setShown] = useState(start?.fromServerPage ? Infinity : CARDS_PER_STEP);
  useEffect(() => {
    if (shown >= partite.length) return;
    const id = setTimeout(() => startTransition(() => setShown((n) => n + CARDS_PER_STEP)), 0);
    return () => clearTimeout(id);
  }, [shown, partite.length]);
  // The service worker answers with its last copy when there is no signal: say how old it is.
  const offline = producedAt !== undefined && (!navigator.onLine || Date.now() - producedAt > STALE_AFTER_MS);
  const login = (event: MouseEvent) => {
    // A real link for crawlers and new tabs; a plain click stays in the page.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onLogin();
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: { xs: 2, sm: 3 } }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1, fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
          {DASHBOARD_MSG.publicTitle}
        </Typography>
        <LiteButton variant="contained" href={paths.login.getHref()} onClick={login} sx={{ minHeight: 44 }}>
          {DASHBOARD_MSG.login}
        </LiteButton>
      </Box>
      {/* Subscribe to the club's feed (docs/calendar.md); the dialog's code loads on the first click. */}
      <LiteButton variant="outlined" aria-haspopup="dialog" onClick={() => setCalendarOpen(true)} sx={{ minHeight: 44, mb: 2 }}>
        {CALENDAR_BUTTON}
      </LiteButton>
      <LazyCalendarDialog open={calendarOpen} onClose={() => setCalendarOpen(false)} />
      {offline && (
        <Typography role="status" data-testid="offline-notice" sx={{ mb: 2, px: 2, py: 1, borderRadius: 1, bgcolor: '#fff4e5', color: '#663c00' }}>
          {PUBLIC_MSG.offline(hhmmIn(producedAt, timezone))}
        </Typography>
      )}
      <FilterPanel filters={filters} onChange={setFilters} initialOpen={start?.filtersOpen} />
      {isLoading ? (
        <Typography color="text.secondary">{DASHBOARD_MSG.loading}</Typography>
      ) : isError ? (
        <Typography color="error">{DASHBOARD_MSG.loadFailed}</Typography>
      ) : (
        <>
          <ListTitle count={total} />
          <MatchList partite={partite.length > shown ? partite.slice(0, shown) : partite} filtered={countActiveFilters(applied) > 0} onOpen={() => notify(DASHBOARD_MSG.loginToEdit, 'warning')} />
          {/* The list comes by pages (docs/public-page.md): the next one on demand. */}
          {total > partite.length && (
            <>
              <LiteButton variant="outlined" data-testid="show-more" aria-busy={loadingMore} onClick={loadMore} sx={{ display: 'flex', width: '100%', minHeight: 44, mt: 2 }}>
                {loadingMore ? PUBLIC_MSG.loadingMore : PUBLIC_MSG.showMore}
              </LiteButton>
              {moreFailed && (
                <Typography role="alert" color="error" sx={{ mt: 1 }}>
                  {PUBLIC_MSG.moreFailed}
                </Typography>
              )}
            </>
          )}
        </>
      )}
    </Box>
  );
}
