import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PrintIcon from '@mui/icons-material/Print';
import { CLASH_MSG, matchSpan, timeOf } from '../../../common/occupancy/rules';
import { hasRole } from '../../../common/users/roles';
import { MSG } from '../../../common/core/messages';
import { isIsoDate } from '../../../common/core/date-text';
import { todayIn } from '../../../common/core/dates';
import { formatLongDate, formatWeekday } from '../../../common/export/rules';
import { CHIUSURE_MSG } from '../../../common/closures/messages';
import { closureOn, type Chiusura } from '../../../common/closures/rules';
import { PageHeader } from '../../components/PageFrame';
import { PickersProvider } from '../../components/PickersProvider';
import { errorMessage } from '../../api/api';
import { paths } from '../../config/paths';
import { useClubConfig } from '../../store/useClubConfig';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { useGetOccupazioneQuery } from './occupancyApi';
import type { OccupancyMatch, OccupancyTraining } from '../../../common/occupancy/types';
import { BoardDateField } from './BoardDateField';
import { fractionOf } from './layout';
import { clashesOf, columnsOf, itemsOf, placementsOf, type BoardItem } from './board';
import { blockSx, firstLineSx } from './blockStyle';
import { SkipTrainingDialog, TrainingBlock } from './TrainingBlock';
import { BlockTooltip, clashLines } from './BlockTooltip';

const M = CLASH_MSG;
type View = 'giorno' | 'settimana';

/** Monday of the week containing `iso`. */
const mondayOf = (iso: string) => {
  const d = dayjs(iso);
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
};
const addDays = (iso: string, n: number) => dayjs(iso).add(n, 'day').format('YYYY-MM-DD');

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
      aria-label={`${time} ${teams(m)} (${m.gruppo})${clash ? `: ${clashLines(m)}` : ''}`}
      onClick={() => navigate(paths.editMatch.getHref(String(m.id)))}
      style={style}
      sx={[
        blockSx(compact),
        {
          bgcolor: clash ? '#fdecea' : '#e3f2fd',
          border: clash ? '2px solid' : '1px solid',
          borderColor: clash ? 'error.main' : 'primary.light',
        },
      ]}
    >
      <Box component="span" sx={firstLineSx(compact)}>
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
    <BlockTooltip text={`${time} ${teams(m)}\n${m.gruppo} · ${m.campo}`} clashes={clashLines(m)}>
      {block}
    </BlockTooltip>
  );
}

const HOUR_PX = 60;
/** Narrowest a lane of a column gets: overlapping blocks widen their column (and the board scrolls) before getting narrower. */
const LANE_MIN_PX = 120;

/** A match's or a training's block. */
function ItemBlock({ item, style, compact, onSkip }: { item: BoardItem; style?: React.CSSProperties; compact?: boolean; onSkip?: (t: OccupancyTraining) => void }) {
  return item.kind === 'partita' ? <MatchBlock m={item.m} style={style} compact={compact} /> : <TrainingBlock t={item.t} style={style} compact={compact} onSkip={onSkip} />;
}

function DayBoard({ items, onSkip }: { items: BoardItem[]; onSkip?: (t: OccupancyTraining) => void }) {
  const columns = columnsOf(items);
  if (columns.length === 0) return <Alert severity="info">{M.boardEmptyDayWithTrainings}</Alert>;
  const first = Math.min(8, Math.floor(Math.min(...items.map((s) => s.start)) / 60));
  const last = Math.max(20, Math.ceil(Math.max(...items.map((s) => s.end)) / 60));
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
        // Matches and trainings together: a block takes the column's width unless it overlaps another.
        const placements = placementsOf(c.items);
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
              {c.items.map((item) => {
                const { left, width } = fractionOf(placements.get(item.key) ?? { lane: 0, span: 1, lanes: 1 });
                const height = Math.max(18, y(item.end) - y(item.start));
                return (
                  <ItemBlock
                    key={item.key}
                    item={item}
                    onSkip={onSkip}
                    style={
                      {
                        top: y(item.start),
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

function WeekBoard({
  monday,
  partite,
  allenamenti,
  chiusure,
  onSkip,
}: {
  monday: string;
  partite: OccupancyMatch[];
  allenamenti: OccupancyTraining[];
  chiusure: Chiusura[];
  onSkip?: (t: OccupancyTraining) => void;
}) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  if (itemsOf(partite, allenamenti).length === 0 && chiusure.length === 0) return <Alert severity="info">{M.boardEmptyWithTrainings}</Alert>;
  return (
    <Box data-testid="occupancy-week" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(120px, 1fr))', gap: 1, overflowX: 'auto' }}>
      {days.map((d) => (
        <Box key={d} data-testid="occupancy-week-day" data-date={d} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5, minHeight: 120 }}>
          <Typography variant="subtitle2" sx={{ '&::first-letter': { textTransform: 'uppercase' }, mb: 0.5 }}>
            {formatWeekday(d)}
          </Typography>
          {closureOn(d, chiusure) && (
            <Typography variant="caption" component="p" color="warning.dark" data-testid="occupancy-closed-day" sx={{ fontWeight: 600, mb: 0.5 }}>
              {CHIUSURE_MSG.boardClosed(closureOn(d, chiusure)!.nome)}
            </Typography>
          )}
          {itemsOf(partite, allenamenti, d).map((item) => (
            <ItemBlock key={item.key} item={item} compact onSkip={onSkip} />
          ))}
        </Box>
      ))}
    </Box>
  );
}

/**
 * Occupazione campi (docs/occupancy.md): a day or a week of the facilities, matches and trainings
 * (docs/trainings.md), clashes outlined in red; prints on one landscape A4 page.
 */
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
  const items = useMemo(() => itemsOf(data?.partite ?? [], data?.allenamenti ?? []), [data]);
  // Blocks outlined in red: home matches and training dates with a clash.
  const clashes = useMemo(() => items.filter((i) => clashesOf(i).length > 0).length, [items]);
  const canEdit = hasRole(useAppSelector(selectSessionUser)?.role, 'editor');
  // 'Salta questo allenamento': the training asked about; kept while the dialog closes.
  const [skipping, setSkipping] = useState<{ t: OccupancyTraining; open: boolean } | null>(null);
  const onSkip = canEdit ? (t: OccupancyTraining) => setSkipping({ t, open: true }) : undefined;
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
          {/* The club's closures of the period (docs/trainings.md): their trainings are skipped. */}
          {!error &&
            (data?.chiusure ?? []).map((c) => (
              <Alert key={c.id} severity="warning" data-testid="occupancy-closed" sx={{ mb: 1, '@media print': { py: 0 } }}>
                {CHIUSURE_MSG.boardClosedPeriod(c.nome, CHIUSURE_MSG.period(c.dal, c.al))}
              </Alert>
            ))}
          {error ? (
            <Alert severity="error">
              {M.boardLoadError}: {errorMessage(error)}
            </Alert>
          ) : isLoading || !data ? (
            <CircularProgress aria-label={MSG.screens.loading} />
          ) : view === 'giorno' ? (
            <DayBoard items={items} onSkip={onSkip} />
          ) : (
            <WeekBoard monday={from} partite={data.partite} allenamenti={data.allenamenti ?? []} chiusure={data.chiusure ?? []} onSkip={onSkip} />
          )}
        </Box>
        <SkipTrainingDialog
          training={skipping?.t ?? null}
          open={skipping?.open ?? false}
          onClose={() => setSkipping((s) => (s ? { ...s, open: false } : s))}
          onExited={() => setSkipping(null)}
        />
      </Box>
    </PickersProvider>
  );
}
