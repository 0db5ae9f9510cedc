import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
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
import { CLASH_MSG } from '../../../common/occupancy/rules';
import { hasRole } from '../../../common/users/roles';
import { MSG } from '../../../common/core/messages';
import { isIsoDate } from '../../../common/core/date-text';
import { todayIn } from '../../../common/core/dates';
import { formatLongDate } from '../../../common/export/rules';
import { CHIUSURE_MSG } from '../../../common/closures/messages';
import { PageHeader } from '../../components/PageFrame';
import { PickersProvider } from '../../components/PickersProvider';
import { errorMessage } from '../../api/api';
import { useClubConfig } from '../../store/useClubConfig';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { useGetOccupazioneQuery } from './occupancyApi';
import type { OccupancyTraining } from '../../../common/occupancy/types';
import { BoardDateField } from './BoardDateField';
import { clashesOf, itemsOf } from './board';
import { SkipTrainingDialog } from './TrainingBlock';
import { DayBoard } from './DayBoard';
import { WeekBoard } from './WeekBoard';

const M = CLASH_MSG;
type View = 'giorno' | 'settimana';

/** Monday of the week containing `iso`. */
const mondayOf = (iso: string) => {
  const d = dayjs(iso);
  return d.subtract((d.day() + 6) % 7, 'day').format('YYYY-MM-DD');
};
const addDays = (iso: string, n: number) => dayjs(iso).add(n, 'day').format('YYYY-MM-DD');

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
