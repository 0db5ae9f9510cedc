import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { MSG } from '../../../common/core/messages';
import { hasRole } from '../../../common/users/roles';
import { todayIn } from '../../../common/core/dates';
import { countActiveFilters, matchesFilters, type PartiteFilters } from '../../../common/matches/read';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../store/hooks';
import { useClubConfig } from '../../store/useClubConfig';
import { selectRole } from '../../store/sessionSlice';
import { useGetPartiteQuery } from './matchesApi';
import { FilterPanel } from './FilterPanel';
import { ListTitle, MatchList } from './MatchList';
import { CLASH_MSG, clashesOfAll, holdsFacilities, type Clash, type ListedClashes } from '../../../common/occupancy/rules';
import type { Partita } from '../../../common/matches/read';
import { sampleMatches } from './samples';
import { formatDayHeading } from '../../../common/matches/card-text';
import { countLine } from '../../../common/matches/meaning';
import { PageHeader } from '../../components/PageFrame';
import { designazioniLine, PERIOD_MAX_DAYS, useGetDesignazioniPeriodoQuery } from '../../api/designationsApi';
import { callupLine, useGetConvocazioniPeriodoQuery } from '../../api/callupsApi';
import { UncoveredPanel } from './UncoveredPanel';
import { ClashMarkedCard, FirstSteps, SelectableCard } from './DashboardCards';
import { AVVISI_PERIODO_GIORNI, nonIdoneiFlag, useGetAvvisiPartiteQuery } from '../../api/playerAlertsApi';

// The bulk status bar (docs/matches.md, status), in its own chunk, loaded for editors only.
const StatusActions = lazy(() => import('./StatusActions'));

/** / signed in (docs/matches.md, reading matches): every upcoming match read through supabase-js, filtered here; sample data when loading fails. */
export default function DashboardPage() {
  const navigate = useNavigate();
  const role = useAppSelector(selectRole);
  const canEdit = hasRole(role, 'editor');
  const { clubName, timezone, clashMarginMinutes, loaded: configLoaded } = useClubConfig();
  const today = todayIn(timezone);
  const { data, isLoading, isFetching, isError, refetch } = useGetPartiteQuery(today);
  const [filters, setFilters] = useState<PartiteFilters>({});
  const source = useMemo(() => (isError ? sampleMatches(today, clubName) : (data ?? [])), [isError, data, today, clubName]);
  // Clashes (docs/occupancy.md) among the upcoming matches that hold their facilities (not cancelled, not postponed with
  // the date to be set: common/occupancy/rules.ts holdsFacilities), with the server's changeover margin (CLASH_MARGIN_MINUTES):
  // none until that margin is known, so no mark shows that the server's margin would take back.
  const clashes = useMemo(
    () => (configLoaded ? clashesOfAll(source.filter((p) => p.id > 0 && holdsFacilities(p)), clashMarginMinutes) : new Map<number, ListedClashes<Clash<Partita>>>()),
    [source, clashMarginMinutes, configLoaded],
  );
  // The designated officials of the cards (docs/officials.md): one read for the days shown, from today to the
  // last match (at most the 31 days the server answers for).
  const lastDay = useMemo(() => source.reduce((last, p) => (p.id > 0 && p.data > last ? p.data : last), ''), [source]);
  const periodTo = lastDay ? [lastDay, dayjs(today).add(PERIOD_MAX_DAYS - 1, 'day').format('YYYY-MM-DD')].sort()[0] : '';
  const { data: designazioni } = useGetDesignazioniPeriodoQuery({ from: today, to: periodTo }, { skip: isError || !lastDay || periodTo < today });
  // The call-ups' counts of the same days (docs/callups.md): 'Convocati 14 · sì 11 · no 1'.
  const { data: convocazioni } = useGetConvocazioniPeriodoQuery({ from: today, to: periodTo }, { skip: isError || !lastDay || periodTo < today });
  const [onlyClashes, setOnlyClashes] = useState(false);
  const partite = useMemo(
    () => source.filter((p) => matchesFilters(p, filters) && (!onlyClashes || clashes.has(p.id))),
    [source, filters, onlyClashes, clashes],
  );
  // The flag of the cards whose category has players the certificate rule keeps off the pitch that day (docs/players.md,
  // expiry alerts): one read for the days shown (at most 62); only the categories one follows are answered.
  const flagsTo = lastDay ? [lastDay, dayjs(today).add(AVVISI_PERIODO_GIORNI - 1, 'day').format('YYYY-MM-DD')].sort()[0] : '';
  const { data: avvisi } = useGetAvvisiPartiteQuery({ dal: today, al: flagsTo }, { skip: isError || !lastDay || flagsTo < today });
  const active = countActiveFilters(filters) + (onlyClashes ? 1 : 0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const selectable = canEdit && !isError;
  const visibleIds = useMemo(() => partite.filter((p) => p.id > 0).map((p) => p.id), [partite]);
  // Only what the filters show is counted and acted on: a card hidden by a filter is never changed unseen.
  const visibleSelected = useMemo(() => new Set(visibleIds.filter((id) => selected.has(id))), [visibleIds, selected]);
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // The match just added is scrolled to and outlined (docs/planning.md; AddMatchPage navigates here with its id).
  const location = useLocation();
  const highlight = (location.state as { highlight?: number } | null)?.highlight;
  const shownHighlight = partite.some((p) => p.id === highlight);
  useEffect(() => {
    if (!highlight || !shownHighlight) return;
    document.querySelector(`[data-match-id="${highlight}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlight, shownHighlight]);
  const open = (p: Partita) => {
    if (canEdit && p.id > 0) navigate(paths.editMatch.getHref(String(p.id)));
  };

  return (
    <Box>
      <PageHeader
        title={MSG.dashboard.title}
        actions={
          <>
            {canEdit && (
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={paths.addMatch.getHref()}>
                {MSG.dashboard.addMatch}
              </Button>
            )}
            <Tooltip title={MSG.dashboard.refresh}>
              <span>
                <IconButton aria-label={MSG.dashboard.refresh} onClick={() => void refetch()} disabled={isFetching}>
                  <RefreshIcon />
                </IconButton>
              </span>
            </Tooltip>
          </>
        }
      />
      {isError && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MSG.dashboard.fallback}
        </Alert>
      )}
      {canEdit && !isError && <UncoveredPanel />}
      <FilterPanel filters={filters} onChange={setFilters} folded>
        <FormControlLabel
          sx={{ mr: 0 }}
          control={<Switch checked={onlyClashes} disabled={!configLoaded || isError} onChange={(e) => setOnlyClashes(e.target.checked)} />}
          label={configLoaded ? `${CLASH_MSG.onlyClashes} (${clashes.size})` : CLASH_MSG.onlyClashes}
        />
      </FilterPanel>
      {selectable && (
        <Suspense fallback={null}>
          <StatusActions visibleIds={visibleIds} selected={visibleSelected} onSelect={setSelected} today={today} />
        </Suspense>
      )}
      {isLoading ? (
        <Typography color="text.secondary">{MSG.dashboard.loading}</Typography>
      ) : (
        <>
          <ListTitle count={partite.length} />
          {partite.length === 0 ? (
            <>
              <MatchList partite={partite} filtered={active > 0 && source.length > 0} onOpen={open} sample={isError} />
              {source.length === 0 && !isError && canEdit && <FirstSteps isAdmin={hasRole(role, 'admin')} />}
            </>
          ) : (
            // Under day headings, compact cards (docs/planning.md; six and more on the office laptop's first screen).
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
              {byDay(partite).map(([day, items]) => (
                <Box key={day} component="section" aria-labelledby={`giorno-${day}`}>
                  <Typography id={`giorno-${day}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.75 }}>
                    {formatDayHeading(day, today.slice(0, 4))}
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                      {countLine(items)}
                    </Typography>
                  </Typography>
                  <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
                    {items.map((p) => (
                      <SelectableCard key={p.id} partita={p} show={selectable} checked={selected.has(p.id)} onToggle={toggle}>
                        <ClashMarkedCard
                          partita={p}
                          clashes={clashes.get(p.id)}
                          onOpen={open}
                          sample={isError}
                          nonIdonei={isError ? undefined : nonIdoneiFlag(avvisi?.[String(p.id)])}
                          highlighted={p.id === highlight}
                          designazioni={isError ? undefined : designazioniLine(designazioni?.[String(p.id)])}
                          convocazione={isError ? undefined : callupLine(convocazioni?.[String(p.id)])}
                        />
                      </SelectableCard>
                    ))}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

/** The matches (sorted by date) under their days, in order. */
function byDay(partite: Partita[]): Array<[string, Partita[]]> {
  const days = new Map<string, Partita[]>();
  for (const p of partite) days.set(p.data, [...(days.get(p.data) ?? []), p]);
  return [...days];
}
