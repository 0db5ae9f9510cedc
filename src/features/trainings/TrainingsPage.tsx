import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ALLENAMENTI_MSG, GIORNI } from '../../../common/trainings/messages';
import type { Allenamento, AllenamentoPayload } from '../../../common/trainings/rules';
import { todayIn } from '../../../common/core/dates';
import { normName } from '../../../common/occupancy/rules';
import { hasRole } from '../../../common/users/roles';
import { PageHeader } from '../../components/PageFrame';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { useClubConfig } from '../../store/useClubConfig';
import { useGetAllenamentiQuery } from './trainingsApi';
import { bandsOf, capitalized, categoryColors, choicesOf, filterSeries } from './grid';
import { ClosuresSection } from './ClosuresSection';
import { CampoBand, SEVEN_COLUMNS } from './CampoBand';
import { FILTER_SLOTS } from '../../components/form/ListFilters';

const M = ALLENAMENTI_MSG;
// The form (and its date pickers) only for those who edit: a reader never downloads it.
const loadDialog = () => import('./TrainingDialog');
const TrainingDialog = lazy(loadDialog);
/** The app bar's height from md up, where the weekdays' row sticks under it. */
const BAR_PX = 64;
/** A filter shows 'Tutte le categorie' / 'Tutti i campi' when it is off. */

interface FormState {
  open: boolean;
  allenamento: Allenamento | null;
  preset?: Partial<AllenamentoPayload>;
  /** Counts openings, so each opening starts a fresh form; the last series stays while the modal fades out. */
  opening: number;
}

/**
 * Allenamenti (docs/trainings.md): the week of trainings, one band per pitch and one column per weekday,
 * made for planning a season in one sitting. Every signed-in user reads it; editors and admins edit.
 */
export default function TrainingsPage() {
  const role = useAppSelector(selectSessionUser)?.role;
  const canEdit = hasRole(role, 'editor');
  const { timezone } = useClubConfig();
  const today = todayIn(timezone);
  const { data, isLoading, isError, isFetching, refetch } = useGetAllenamentiQuery();
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<FormState>({ open: false, allenamento: null, opening: 0 });
  useEffect(() => {
    if (canEdit) loadDialog().catch(() => undefined);
  }, [canEdit]);

  const series = useMemo(() => data?.data ?? [], [data]);
  const choices = useMemo(() => choicesOf(series), [series]);
  const colorOf = useMemo(() => categoryColors(choices.gruppi), [choices.gruppi]);
  // A filter the list no longer has (a deleted series, an old link) is no filter.
  const gruppo = choices.gruppi.find((g) => normName(g) === normName(params.get('gruppo') ?? '')) ?? '';
  const campo = choices.campi.find((c) => normName(c) === normName(params.get('campo') ?? '')) ?? '';
  const filtered = useMemo(() => filterSeries(series, gruppo, campo), [series, gruppo, campo]);
  const bands = useMemo(() => bandsOf(filtered), [filtered]);

  const setFilter = (key: 'gruppo' | 'campo', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const open = (allenamento: Allenamento | null, preset?: Partial<AllenamentoPayload>) => setForm((f) => ({ open: true, allenamento, preset, opening: f.opening + 1 }));
  // A new series starts from what the screen shows: the filtered category and pitch.
  const openNew = (preset: Partial<AllenamentoPayload> = {}) => open(null, { ...(gruppo ? { gruppo } : {}), ...(campo ? { campo } : {}), ...preset });

  if (isLoading) return <LoadingScreen text={M.loading} />;
  if (isError && !data) return <ErrorRetryScreen message={M.loadError} onRetry={() => void refetch()} retrying={isFetching} />;

  return (
    <Box>
      <PageHeader
        title={M.title}
        beside={
          series.length > 0 && (
            <Typography color="text.secondary" data-testid="allenamenti-count">
              {M.count(filtered.length)}
            </Typography>
          )
        }
        actions={
          canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openNew()}>
              {M.add}
            </Button>
          )
        }
      />

      {series.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="allenamenti-empty">
          <Typography>{canEdit ? M.empty : M.emptyReader}</Typography>
          {canEdit && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => openNew()} sx={{ mt: 2 }}>
              {M.add}
            </Button>
          )}
        </Paper>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField select size="small" label={M.fields.gruppo} value={gruppo} onChange={(e) => setFilter('gruppo', e.target.value)} sx={{ minWidth: 220 }} slotProps={FILTER_SLOTS}>
              <MenuItem value="">{M.allGruppi}</MenuItem>
              {choices.gruppi.map((g) => (
                <MenuItem key={g} value={g}>
                  {g}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={M.fields.campo} value={campo} onChange={(e) => setFilter('campo', e.target.value)} sx={{ minWidth: 220 }} slotProps={FILTER_SLOTS}>
              <MenuItem value="">{M.allCampi}</MenuItem>
              {choices.campi.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            {(gruppo || campo) && (
              <Button onClick={() => setParams(new URLSearchParams(), { replace: true })} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
                {M.clearFilters}
              </Button>
            )}
          </Stack>

          {bands.length === 0 ? (
            <Alert severity="info">{M.noneFiltered}</Alert>
          ) : (
            <Box data-testid="allenamenti-grid" aria-label={M.grid} role="region">
              <Box
                aria-hidden
                sx={{
                  display: { xs: 'none', md: 'grid' },
                  gridTemplateColumns: SEVEN_COLUMNS,
                  columnGap: 1,
                  position: 'sticky',
                  top: BAR_PX,
                  zIndex: 1,
                  bgcolor: 'background.default',
                  py: 0.5,
                  mb: 1,
                  borderBottom: 2,
                  borderColor: 'divider',
                }}
              >
                {GIORNI.map((g) => (
                  <Typography key={g} variant="subtitle2" sx={{ px: 0.5 }}>
                    {capitalized(g)}
                  </Typography>
                ))}
              </Box>
              {bands.map((band) => (
                <CampoBand
                  key={band.key}
                  band={band}
                  today={today}
                  colorOf={colorOf}
                  onOpen={canEdit ? (s) => open(s) : undefined}
                  onAdd={canEdit ? (c, giorno) => openNew({ campo: c, giorno }) : undefined}
                />
              ))}
            </Box>
          )}
        </>
      )}

      <ClosuresSection canEdit={canEdit} />

      {canEdit && form.opening > 0 && (
        <Suspense fallback={null}>
          <TrainingDialog
            open={form.open}
            formKey={form.opening}
            allenamento={form.allenamento}
            preset={form.preset}
            campi={choices.campi}
            onClose={() => setForm((f) => ({ ...f, open: false }))}
          />
        </Suspense>
      )}
    </Box>
  );
}
