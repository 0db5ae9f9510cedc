import { useMemo } from 'react';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PrintIcon from '@mui/icons-material/Print';
import { CLASH_MSG, matchSpan, normName, timeOf } from '../../../common/occupazione/rules';
import { MSG } from '../../../common/core/messages';
import { isIsoDate } from '../../../common/core/dateText';
import { todayIn } from '../../../common/core/dates';
import { formatLongDate, formatWeekday } from '../../../common/esportazioni/rules';
import { PageHeader } from '../../components/PageFrame';
import { PickersProvider } from '../../components/PickersProvider';
import { errorMessage } from '../../api/api';
import { paths } from '../../config/paths';
import { useClubConfig } from '../../store/useClubConfig';
import { useGetOccupazioneQuery, type OccupancyMatch } from './occupancyApi';
import { BoardDateField } from './BoardDateField';
import { fractionOf, layoutColumn, type Placement } from './layout';

const M = CLASH_MSG;
type View = 'giorno' | 'settimana';

/** Monday of the week containing `iso`. */
const mondayOf = (iso: string) => {
  const d = dayjs(iso);
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
};
const addDays = (iso: string, n: number) => dayjs(iso).add(n, 'day').format('YYYY-MM-DD');

interface Column {
  key: string;
  label: string;
  matches: OccupancyMatch[];
}

/** One column per campo (first spelling, compared like the rule) and one per changing room used, of home matches. */
function columnsOf(matches: OccupancyMatch[]): Column[] {
  const home = matches.filter((m) => m.is_house_match);
  const campi = new Map<string, Column>();
  const rooms = new Map<number, Column>();
  for (const m of home) {
    const k = normName(m.campo);
    if (!campi.has(k)) campi.set(k, { key: `campo:${k}`, label: m.campo, matches: [] });
    campi.get(k)!.matches.push(m);
    for (const r of new Set([m.spogliatoio_gari, m.spogliatoio_ospiti])) {
      if (r == null) continue;
      if (!rooms.has(r)) rooms.set(r, { key: `room:${r}`, label: M.boardRoom(r), matches: [] });
      rooms.get(r)!.matches.push(m);
    }
  }
  const byLabel = (a: Column, b: Column) => a.label.localeCompare(b.label, 'it');
  return [...[...campi.values()].sort(byLabel), ...[...rooms.entries()].sort(([a], [b]) => a - b).map(([, c]) => c)];
}

/** Where each block of a column goes: the column's width unless it overlaps others (layout.ts). */
const placementsOf = (matches: OccupancyMatch[]): Map<number, Placement> => layoutColumn(matches.map((m) => ({ id: m.id, ...matchSpan(m) })), (b) => b.id);

const clashTitle = (m: OccupancyMatch) => m.conflitti.map((c) => c.messaggio).join('\n');
const teams = (m: OccupancyMatch) => `${m.squadracasa} - ${m.squadratrasferta}`;

function MatchBlock({ m, style, compact }: { m: OccupancyMatch; style?: React.CSSProperties; compact?: boolean }) {
  const navigate = useNavigate();
  const { end } = matchSpan(m);
  const clash = m.conflitti.length > 0;
  const time = `${m.ora.slice(0, 5)}-${timeOf(end)}`;
  const block = (
    <Box
      component="button"
      type="button"
      data-testid="occupancy-block"
      data-match-id={m.id}
      data-clash={clash ? 'true' : 'false'}
      aria-label={`${time} ${teams(m)} (${m.gruppo})${clash ? `: ${clashTitle(m)}` : ''}`}
      onClick={() => navigate(paths.editMatch.getHref(String(m.id)))}
      style={style}
      sx={{
        position: compact ? 'static' : 'absolute',
        display: 'block',
        width: compact ? '100%' : undefined,
        boxSizing: 'border-box',
        overflow: 'hidden',
        textAlign: 'left',
        font: 'inherit',
        fontSize: 12,
        lineHeight: 1.2,
        px: 0.5,
        py: '2px',
        mb: compact ? 0.5 : 0,
        cursor: 'pointer',
        bgcolor: clash ? '#fdecea' : '#e3f2fd',
        color: 'text.primary',
        border: clash ? '2px solid' : '1px solid',
        borderColor: clash ? 'error.main' : 'primary.light',
        borderRadius: 1,
        // Names wrap (a long word too) and are never cut on the right; a block too short for its
        // text grows over what is below while pointed at or focused.
        overflowWrap: 'anywhere',
        ...(compact
          ? {}
          : {
              '&:hover, &:focus-visible': {
                height: 'auto !important',
                minHeight: 'var(--block-height)',
                zIndex: 2,
                boxShadow: 3,
                '& > span': { whiteSpace: 'normal' },
              },
            }),
        '@media print': { breakInside: 'avoid', printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
      }}
    >
      <Box
        component="span"
        sx={{
          display: 'block',
          fontSize: 11,
          // On the board one line (the whole of it on hover and in the tooltip); in the week it wraps.
          ...(compact ? {} : { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }),
        }}
      >
        <strong>{time}</strong>{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {m.gruppo}
          {compact && (
            <>
              {' · '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {m.campo}
              </Box>
            </>
          )}
        </Box>
      </Box>
      <Box component="span" data-testid="occupancy-names" sx={{ display: 'block' }}>
        {teams(m)}
      </Box>
    </Box>
  );
  return (
    <Tooltip
      title={
        <span style={{ whiteSpace: 'pre-line' }}>
          {`${time} ${teams(m)}\n${m.gruppo} · ${m.campo}`}
          {clash ? `\n${clashTitle(m)}` : ''}
        </span>
      }
      placement="top"
      arrow
      describeChild
    >
      {block}
    </Tooltip>
  );
}

const HOUR_PX = 60;
/** Narrowest a lane of a column gets: overlapping blocks widen their column (and the board scrolls) before getting narrower. */
const LANE_MIN_PX = 120;

function DayBoard({ matches }: { matches: OccupancyMatch[] }) {
  const columns = columnsOf(matches);
  if (columns.length === 0) return <Alert severity="info">{M.boardEmptyDay}</Alert>;
  const spans = matches.filter((m) => m.is_house_match).map(matchSpan);
  const first = Math.min(8, Math.floor(Math.min(...spans.map((s) => s.start)) / 60));
  const last = Math.max(20, Math.ceil(Math.max(...spans.map((s) => s.end)) / 60));
  const hours = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const height = (last - first) * HOUR_PX;
  const y = (min: number) => ((min - first * 60) / 60) * HOUR_PX;
  return (
    <Box data-testid="occupancy-day" sx={{ display: 'flex', overflowX: 'auto', pb: 1.5, '@media print': { overflow: 'visible' } }}>
      <Box sx={{ width: 48, flex: '0 0 48px', pt: '32px', position: 'relative', height: height + 32 }}>
        {hours.map((h) => (
          <Typography key={h} variant="caption" sx={{ position: 'absolute', top: 32 + y(h * 60) - 8, right: 6 }}>
            {timeOf(h * 60)}
          </Typography>
        ))}
      </Box>
      {columns.map((c) => {
        const placements = placementsOf(c.matches);
        const lanes = Math.max(1, ...[...placements.values()].map((p) => p.lanes));
        const min = LANE_MIN_PX * lanes;
        return (
          <Box key={c.key} data-testid="occupancy-column" sx={{ flex: `${lanes} 0 ${min}px`, minWidth: min, borderLeft: 1, borderColor: 'divider' }}>
            <Typography variant="subtitle2" noWrap title={c.label} sx={{ height: 32, lineHeight: '32px', px: 0.5, textAlign: 'center', bgcolor: 'grey.100' }}>
              {c.label}
            </Typography>
            <Box sx={{ position: 'relative', height }}>
              {hours.slice(1).map((h) => (
                <Box key={h} sx={{ position: 'absolute', left: 0, right: 0, top: y(h * 60), borderTop: 1, borderColor: 'grey.200' }} />
              ))}
              {c.matches.map((m) => {
                const { start, end } = matchSpan(m);
                const { left, width } = fractionOf(placements.get(m.id) ?? { lane: 0, span: 1, lanes: 1 });
                const height = Math.max(18, y(end) - y(start));
                return (
                  <MatchBlock
                    key={m.id}
                    m={m}
                    style={
                      {
                        top: y(start),
                        height,
                        '--block-height': `${height}px`,
                        left: `calc(${100 * left}% + 2px)`,
                        width: `calc(${100 * width}% - 4px)`,
                      } as React.CSSProperties
                    }
                  />
                );
              })}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

function WeekBoard({ monday, matches }: { monday: string; matches: OccupancyMatch[] }) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  return (
    <Box data-testid="occupancy-week" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(120px, 1fr))', gap: 1, overflowX: 'auto' }}>
      {days.map((d) => {
        const home = matches.filter((m) => m.data === d && m.is_house_match);
        return (
          <Box key={d} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5, minHeight: 120 }}>
            <Typography variant="subtitle2" sx={{ '&::first-letter': { textTransform: 'uppercase' }, mb: 0.5 }}>
              {formatWeekday(d)}
            </Typography>
            {home.map((m) => (
              <MatchBlock key={m.id} m={m} compact />
            ))}
          </Box>
        );
      })}
    </Box>
  );
}

/** Occupazione campi (docs/occupazione.md): a day or a week of the facilities, clashes outlined in red; prints on one landscape A4 page. */
export default function OccupancyPage() {
  const { timezone } = useClubConfig();
  const today = todayIn(timezone);
  const [params, setParams] = useSearchParams();
  const date = isIsoDate(params.get('data')) ? (params.get('data') as string) : today;
  const view: View = params.get('vista') === 'settimana' ? 'settimana' : 'giorno';
  const from = view === 'giorno' ? date : mondayOf(date);
  const to = view === 'giorno' ? date : addDays(from, 6);
  const { data, error, isFetching, isLoading } = useGetOccupazioneQuery({ from, to });
  const go = (next: { data?: string; vista?: View }) => setParams({ data: next.data ?? date, vista: next.vista ?? view }, { replace: true });
  const step = view === 'giorno' ? 1 : 7;
  const clashes = useMemo(() => (data?.partite ?? []).filter((m) => m.is_house_match && m.conflitti.length > 0).length, [data]);
  const heading = view === 'giorno' ? formatLongDate(date) : `${formatLongDate(from)} - ${formatLongDate(to)}`;

  return (
    <PickersProvider>
      <Box>
        <style>{`@media print { @page { size: A4 landscape; margin: 8mm; } header, nav, [data-testid="page-header"] { display: none !important; } [data-testid="occupancy-print"] { zoom: 0.72; } }`}</style>
        <PageHeader
          title={M.boardTitle}
          actions={
            <>
              {/* Its place kept while nothing loads, so the toolbar does not move. */}
              <Box sx={{ width: 20, height: 20, display: 'flex' }}>{isFetching && <CircularProgress size={20} aria-label={MSG.screens.loading} />}</Box>
              <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, v: View | null) => v && go({ vista: v })}>
                <ToggleButton value="giorno">{M.boardDay}</ToggleButton>
                <ToggleButton value="settimana">{M.boardWeek}</ToggleButton>
              </ToggleButtonGroup>
              <Button size="small" startIcon={<ChevronLeftIcon />} onClick={() => go({ data: addDays(date, -step) })}>
                {M.boardPrev}
              </Button>
              <BoardDateField label={M.boardDate} value={date} onChange={(d) => go({ data: d })} />
              <Button size="small" endIcon={<ChevronRightIcon />} onClick={() => go({ data: addDays(date, step) })}>
                {M.boardNext}
              </Button>
              <Button size="small" onClick={() => go({ data: today })}>
                {M.boardToday}
              </Button>
              <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
                {M.boardPrint}
              </Button>
            </>
          }
        />
        <Box data-testid="occupancy-print">
          <Typography variant="h6" component="h2" sx={{ '&::first-letter': { textTransform: 'uppercase' }, mb: 1 }}>
            {heading}
            {clashes > 0 && (
              <Typography component="span" color="error" sx={{ ml: 2 }}>
                {M.boardClashes(clashes)}
              </Typography>
            )}
          </Typography>
          {error ? (
            <Alert severity="error">
              {M.boardLoadError}: {errorMessage(error)}
            </Alert>
          ) : isLoading || !data ? (
            <CircularProgress aria-label={MSG.screens.loading} />
          ) : view === 'giorno' ? (
            <DayBoard matches={data.partite} />
          ) : (
            <WeekBoard monday={from} matches={data.partite} />
          )}
        </Box>
      </Box>
    </PickersProvider>
  );
}
