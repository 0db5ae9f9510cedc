import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ALLENAMENTI_MSG, GIORNI } from '../../../common/allenamenti/messages';
import { giornoLabel, type Allenamento, type AllenamentoPayload } from '../../../common/allenamenti/rules';
import { shortTime } from '../../../common/core/dateText';
import { todayIn } from '../../../common/core/dates';
import { normName } from '../../../common/occupazione/rules';
import { hasRole } from '../../../common/users/roles';
import { PageHeader } from '../../components/PageFrame';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { useClubConfig } from '../../store/useClubConfig';
import { useGetAllenamentiQuery } from './allenamentiApi';
import { GIORNI_NUM, bandsOf, capitalized, categoryColors, choicesOf, filterSeries, formatDate, type Band } from './grid';
import { VISUALLY_HIDDEN } from '../../components/visuallyHidden';
import { ChiusureSection } from './ChiusureSection';

const M = ALLENAMENTI_MSG;
// The form (and its date pickers) only for those who edit: a reader never downloads it.
const loadDialog = () => import('./AllenamentoDialog');
const AllenamentoDialog = lazy(loadDialog);
/** The app bar's height from md up, where the weekdays' row sticks under it. */
const BAR_PX = 64;
const SEVEN_COLUMNS = 'repeat(7, minmax(0, 1fr))';
/** A filter shows 'Tutte le categorie' / 'Tutti i campi' when it is off. */
const FILTER_SLOTS = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

type ColorOf = ReturnType<typeof categoryColors>;

/** One series: category, times, rooms and period; editors open it with a click (its name starts with the pitch and the day). */
function SeriesBlock({ s, place, today, colorOf, onOpen }: { s: Allenamento; place: string; today: string; colorOf: ColorOf; onOpen?: (s: Allenamento) => void }) {
  const color = colorOf(s.gruppo);
  const ended = s.al < today;
  const rooms = M.rooms(s.spogliatoi);
  const content = (
    <>
      {onOpen && (
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {place}{' '}
        </Box>
      )}
      <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
        {shortTime(s.oraInizio)}-{shortTime(s.oraFine)}
      </Box>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }} data-testid="allenamento-gruppo">
        {s.gruppo}
      </Box>
      {s.spogliatoi.length > 0 && (
        <Box component="span" sx={{ display: 'block' }}>
          {rooms}
        </Box>
      )}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {M.periodShort(formatDate(s.dal), formatDate(s.al))}
      </Box>
      {(s.saltate.length > 0 || ended) && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontStyle: 'italic' }}>
          {[ended ? M.ended : null, s.saltate.length > 0 ? M.skippedCount(s.saltate.length) : null].filter(Boolean).join(' · ')}
        </Box>
      )}
    </>
  );
  const sx = {
    display: 'block',
    width: '100%',
    boxSizing: 'border-box',
    textAlign: 'left',
    font: 'inherit',
    fontSize: 12,
    lineHeight: 1.35,
    px: 0.75,
    py: 0.5,
    color: 'text.primary',
    bgcolor: color.bg,
    border: 1,
    borderColor: color.edge,
    borderLeftWidth: 4,
    borderStyle: ended ? 'dashed' : 'solid',
    borderRadius: 1,
    overflowWrap: 'anywhere',
  } as const;
  return (
    <Box component="li" sx={{ mb: 0.75 }} data-testid="allenamento-block" data-id={s.id}>
      {onOpen ? (
        <Box
          component="button"
          type="button"
          onClick={() => onOpen(s)}
          sx={{ ...sx, cursor: 'pointer', '&:hover': { boxShadow: 2 }, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 } }}
        >
          {content}
        </Box>
      ) : (
        <Box sx={sx}>{content}</Box>
      )}
    </Box>
  );
}

/** A pitch's band: its name, then its seven days (side by side from md, stacked on a phone with only the days it trains). */
function CampoBand({
  band,
  today,
  colorOf,
  onOpen,
  onAdd,
}: {
  band: Band;
  today: string;
  colorOf: ColorOf;
  onOpen?: (s: Allenamento) => void;
  onAdd?: (campo: string, giorno: number) => void;
}) {
  const headingId = `allenamenti-campo-${band.key.replace(/[^a-z0-9]/gi, '_')}`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="allenamenti-campo" data-campo={band.campo} sx={{ mb: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, px: 1, py: 0.5, bgcolor: 'grey.100', borderRadius: 1, mb: 1 }}>
        {band.campo}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({M.count(band.count)})
        </Typography>
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: SEVEN_COLUMNS }, columnGap: 1 }}>
        {GIORNI_NUM.map((giorno) => {
          const items = band.days[giorno - 1];
          const day = giornoLabel(giorno);
          return (
            <Box
              key={giorno}
              data-testid="allenamenti-day"
              data-giorno={giorno}
              sx={{
                display: { xs: items.length > 0 ? 'block' : 'none', md: 'block' },
                minWidth: 0,
                minHeight: { md: 56 },
                borderLeft: { md: giorno > 1 ? 1 : 0 },
                borderColor: { md: 'divider' },
                pl: { md: giorno > 1 ? 1 : 0 },
                mb: { xs: 1, md: 0 },
              }}
            >
              <Typography variant="subtitle2" component="h3" sx={{ display: { xs: 'block', md: 'none' }, mb: 0.5 }}>
                {capitalized(day)}
              </Typography>
              <Box component="ul" aria-label={M.cell(band.campo, day)} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {items.map((s) => (
                  <SeriesBlock key={s.id} s={s} place={M.blockPlace(band.campo, day)} today={today} colorOf={colorOf} onOpen={onOpen} />
                ))}
              </Box>
              {onAdd && (
                <IconButton size="small" aria-label={M.addHere(band.campo, day)} onClick={() => onAdd(band.campo, giorno)} sx={{ color: 'text.secondary', display: { xs: 'none', md: 'inline-flex' } }}>
                  <AddIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

interface FormState {
  open: boolean;
  allenamento: Allenamento | null;
  preset?: Partial<AllenamentoPayload>;
  /** Counts openings, so each opening starts a fresh form; the last series stays while the modal fades out. */
  opening: number;
}

/**
 * Allenamenti (docs/allenamenti.md): the week of trainings, one band per pitch and one column per weekday,
 * made for planning a season in one sitting. Every signed-in user reads it; editors and admins edit.
 */
export default function AllenamentiPage() {
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

      <ChiusureSection canEdit={canEdit} />

      {canEdit && form.opening > 0 && (
        <Suspense fallback={null}>
          <AllenamentoDialog
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
