import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import { todayIn } from '../../../common/core/dates';
import { GIOCATORI_MSG, PLAYERS_UI } from '../../../common/players/messages';
import { REGOLA_CERTIFICATO_DEFAULT, scadenze, type Giocatore } from '../../../common/players/rules';
import { hasRole } from '../../../common/users/roles';
import { PageHeader } from '../../components/PageFrame';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { useClubConfig } from '../../store/useClubConfig';
import { contaCertificati } from './certificate';
import { ExpiryPanel } from './ExpiryPanel';
import { defaultCategory, filterRows, NO_FILTERS, ofGruppo, pickerCategories, toRows, type PlayerFilterValues } from './list';
import { PlayersGrid } from './PlayersGrid';
import { CategoryPicker, CertificateCounts, PlayersFilters } from './PlayersToolbar';
import { useGetGiocatoriQuery } from './playersApi';

const U = PLAYERS_UI;
// The form only for those who edit: a reader never downloads it.
const loadDialog = () => import('./PlayerDialog');
const PlayerDialog = lazy(loadDialog);
const ImportPlayersDialog = lazy(() => import('./ImportPlayersDialog'));
const RemovalReviewDialog = lazy(() => import('./RemovalReviewDialog'));

interface FormState {
  open: boolean;
  giocatore: Giocatore | null;
  /** Counts openings, so each opening starts a fresh form; the last player stays while the modal fades out. */
  opening: number;
}

/**
 * Giocatori (docs/players.md): the players of the categories one follows, a category at a time, with
 * the certificate counts, the 'Scadenze' panel and the roster. Every signed-in user reads what the
 * server lets them see; editors add and edit; administrators also export and erase.
 */
export default function PlayersPage() {
  const role = useAppSelector(selectSessionUser)?.role;
  const canEdit = hasRole(role, 'editor');
  const isAdmin = hasRole(role, 'admin');
  const { timezone } = useClubConfig();
  const today = todayIn(timezone);
  const { data, isLoading, isError, isFetching, refetch } = useGetGiocatoriQuery();
  const filters = useForm<PlayerFilterValues>({ defaultValues: NO_FILTERS });
  const [search, stato] = useWatch({ control: filters.control, name: ['search', 'stato'] });
  const [picked, setPicked] = useState<string | null>(null);
  const [form, setForm] = useState<FormState>({ open: false, giocatore: null, opening: 0 });
  const [reviewing, setReviewing] = useState(false);
  const [importing, setImporting] = useState(false);
  useEffect(() => {
    if (canEdit) loadDialog().catch(() => undefined);
  }, [canEdit]);

  const regola = data?.regola ?? REGOLA_CERTIFICATO_DEFAULT;
  const players = useMemo(() => data?.data ?? [], [data]);
  const rows = useMemo(() => toRows(players, today, regola), [players, today, regola]);
  // The categories the caller follows, as the server answers them (a followed category with no player yet is offered too).
  const seguite = useMemo(() => data?.seguite ?? [], [data]);
  const categories = useMemo(() => pickerCategories(seguite, players), [seguite, players]);
  const perCategory = useMemo(() => new Map(categories.map((c) => [c, players.filter((p) => p.gruppo === c).length])), [categories, players]);
  const gruppo = picked ?? defaultCategory(categories, players);
  const roster = useMemo(() => ofGruppo(rows, gruppo), [rows, gruppo]);
  const counts = useMemo(() => contaCertificati(roster.map((r) => r.stato)), [roster]);
  const shown = useMemo(() => filterRows(roster, { search, stato }), [roster, search, stato]);
  const voci = useMemo(() => scadenze(players, today, regola), [players, today, regola]);
  const statoOf = useCallback((id: number) => rows.find((r) => r.id === id)?.stato, [rows]);
  const filtering = search.trim() !== '' || stato !== '';

  const open = useCallback((giocatore: Giocatore | null) => setForm((f) => ({ open: true, giocatore, opening: f.opening + 1 })), []);
  const openById = (id: number) => {
    const giocatore = players.find((p) => p.id === id);
    if (giocatore) open(giocatore);
  };

  if (isLoading) return <LoadingScreen text={U.loading} />;
  if (isError && !data) return <ErrorRetryScreen message={U.loadError} onRetry={() => void refetch()} retrying={isFetching} />;

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(null)}>
      {U.add}
    </Button>
  );

  return (
    <Box>
      <PageHeader
        title={GIOCATORI_MSG.title}
        beside={
          players.length > 0 && (
            <Typography color="text.secondary" data-testid="giocatori-count">
              {U.count(roster.length)}
            </Typography>
          )
        }
        actions={
          canEdit && (
            <>
              {isAdmin && (
                <Button variant="outlined" startIcon={<PersonRemoveOutlinedIcon />} onClick={() => setReviewing(true)}>
                  {U.review.open}
                </Button>
              )}
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                {U.import.open}
              </Button>
              {addButton}
            </>
          )
        }
      />

      {players.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="giocatori-empty">
          <Typography>{canEdit ? U.empty : U.emptyReader}</Typography>
          {canEdit && <Box sx={{ mt: 2 }}>{addButton}</Box>}
        </Paper>
      ) : (
        <>
          <ExpiryPanel voci={voci} statoOf={statoOf} onOpen={canEdit ? openById : undefined} />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <CategoryPicker categories={categories} counts={perCategory} value={gruppo} onChange={setPicked} />
            <PlayersFilters form={filters} filtering={filtering} />
          </Stack>
          <CertificateCounts counts={counts} active={stato} onPick={(c) => filters.setValue('stato', c)} />
          {shown.length === 0 ? (
            <Alert severity="info">{U.noneFiltered}</Alert>
          ) : (
            <PlayersGrid rows={shown} today={today} showGruppo={gruppo === ''} canEdit={canEdit} onEdit={open} />
          )}
        </>
      )}

      {canEdit && form.opening > 0 && (
        <Suspense fallback={null}>
          <PlayerDialog
            open={form.open}
            formKey={form.opening}
            giocatore={form.giocatore}
            gruppo={gruppo || undefined}
            gruppi={categories}
            regola={regola}
            isAdmin={isAdmin}
            onClose={() => setForm((f) => ({ ...f, open: false }))}
          />
        </Suspense>
      )}
      {canEdit && importing && (
        <Suspense fallback={null}>
          <ImportPlayersDialog gruppi={seguite} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {isAdmin && reviewing && (
        <Suspense fallback={null}>
          <RemovalReviewDialog onClose={() => setReviewing(false)} />
        </Suspense>
      )}
    </Box>
  );
}
