import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { DIRIGENTI_MSG, QUALIFICA_LABELS } from '../../../common/dirigenti/messages';
import { QUALIFICHE, fullName, type Dirigente, type Qualifica } from '../../../common/dirigenti/rules';
import { hasRole } from '../../../common/users/roles';
import { PageHeader } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { ErrorRetryScreen, LoadingScreen } from '../../components/StatusScreens';
import { useAppSelector } from '../../store/hooks';
import { selectSessionUser } from '../../store/sessionSlice';
import { useGetDirigentiQuery } from './dirigentiApi';
import { filterDirigenti, formatTelefono, type Stato } from './list';

const M = DIRIGENTI_MSG;
const F = M.fields;
// The form only for those who edit: a reader never downloads it.
const loadDialog = () => import('./DirigenteDialog');
const DirigenteDialog = lazy(loadDialog);

/** People a page of the table. */
const PAGE_SIZE = 25;
/** A filter shows 'Tutte le qualifiche' / 'Tutti' when it is off. */
const FILTER_SLOTS = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

interface FormState {
  open: boolean;
  dirigente: Dirigente | null;
  /** Counts openings, so each opening starts a fresh form; the last person stays while the modal fades out. */
  opening: number;
}

/**
 * Dirigenti (docs/dirigenti.md): the club's officials with their qualifications. Every signed-in user
 * reads the list; editors and admins add, edit and delete, and hand out each person's calendar link.
 */
export default function DirigentiPage() {
  const role = useAppSelector(selectSessionUser)?.role;
  const canEdit = hasRole(role, 'editor');
  const { data, isLoading, isError, isFetching, refetch } = useGetDirigentiQuery();
  const [search, setSearch] = useState('');
  const [qualifica, setQualifica] = useState<Qualifica | ''>('');
  const [stato, setStato] = useState<Stato>('');
  const [pageModel, setPageModel] = useState({ page: 0 });
  const [form, setForm] = useState<FormState>({ open: false, dirigente: null, opening: 0 });
  useEffect(() => {
    if (canEdit) loadDialog().catch(() => undefined);
  }, [canEdit]);

  const people = useMemo(() => data?.data ?? [], [data]);
  const rows = useMemo(() => filterDirigenti(people, search, qualifica, stato), [people, search, qualifica, stato]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  // A filter that leaves fewer pages shows the last one there is.
  const page = Math.min(pageModel.page, pages - 1);
  const filtering = search.trim() !== '' || qualifica !== '' || stato !== '';

  const open = (dirigente: Dirigente | null) => setForm((f) => ({ open: true, dirigente, opening: f.opening + 1 }));

  if (isLoading) return <LoadingScreen text={M.loading} />;
  if (isError && !data) return <ErrorRetryScreen message={M.loadError} onRetry={() => void refetch()} retrying={isFetching} />;

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(null)}>
      {M.add}
    </Button>
  );

  return (
    <Box>
      <PageHeader
        title={M.title}
        beside={
          people.length > 0 && (
            <Typography color="text.secondary" data-testid="dirigenti-count">
              {M.count(filtering ? rows.length : people.length)}
            </Typography>
          )
        }
        actions={canEdit && addButton}
      />

      {people.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }} data-testid="dirigenti-empty">
          <Typography>{canEdit ? M.empty : M.emptyReader}</Typography>
          {canEdit && <Box sx={{ mt: 2 }}>{addButton}</Box>}
        </Paper>
      ) : (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField
              label={M.search}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPageModel({ page: 0 });
              }}
              size="small"
              sx={{ flex: 1 }}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
                htmlInput: { maxLength: 100 },
              }}
            />
            <TextField
              select
              size="small"
              label={F.qualifiche}
              value={qualifica}
              onChange={(e) => setQualifica(e.target.value as Qualifica | '')}
              sx={{ minWidth: 220 }}
              slotProps={FILTER_SLOTS}
            >
              <MenuItem value="">{M.allQualifiche}</MenuItem>
              {QUALIFICHE.map((q) => (
                <MenuItem key={q} value={q}>
                  {QUALIFICA_LABELS[q]}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={M.stato} value={stato} onChange={(e) => setStato(e.target.value as Stato)} sx={{ minWidth: 160 }} slotProps={FILTER_SLOTS}>
              <MenuItem value="">{M.allStati}</MenuItem>
              <MenuItem value="attivi">{M.soloAttivi}</MenuItem>
              <MenuItem value="non_attivi">{M.soloNonAttivi}</MenuItem>
            </TextField>
            {filtering && (
              <Button
                onClick={() => {
                  setSearch('');
                  setQualifica('');
                  setStato('');
                }}
                sx={{ alignSelf: { xs: 'flex-start', md: 'center' }, flexShrink: 0 }}
              >
                {M.clearFilters}
              </Button>
            )}
          </Stack>

          {rows.length === 0 ? (
            <Alert severity="info">{M.noneFiltered}</Alert>
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table size="small" aria-label={M.title}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{F.nome}</TableCell>
                      <TableCell>{F.qualifiche}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{F.email}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{F.telefono}</TableCell>
                      <TableCell sx={{ width: 80 }}>{F.attivo}</TableCell>
                      {canEdit && (
                        <TableCell align="right" sx={{ width: 72 }}>
                          {M.actions}
                        </TableCell>
                      )}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).map((d) => (
                      <TableRow key={d.id} hover data-testid="dirigente-row" data-id={d.id}>
                        <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'break-word', minWidth: { xs: 150, md: 0 } }}>
                          {fullName(d)}
                          {/* On a phone the contact goes under the name (the columns would not fit). */}
                          <Box sx={{ display: { xs: 'block', md: 'none' }, fontWeight: 400, color: 'text.secondary', fontSize: 13 }}>
                            <Box component="span" sx={{ display: 'block' }}>
                              {d.email}
                            </Box>
                            {d.telefono && (
                              <Box component="span" sx={{ display: 'block' }}>
                                {formatTelefono(d.telefono)}
                              </Box>
                            )}
                          </Box>
                        </TableCell>
                        <TableCell>
                          {d.qualifiche.length === 0 ? (
                            <Typography variant="body2" color="text.secondary">
                              {M.noQualifiche}
                            </Typography>
                          ) : (
                            <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }} data-testid="dirigente-qualifiche">
                              {d.qualifiche.map((q) => (
                                <Chip key={q} label={QUALIFICA_LABELS[q]} size="small" variant="outlined" color={q === 'arbitro' ? 'primary' : 'default'} />
                              ))}
                            </Stack>
                          )}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' }}>
                          <a href={`mailto:${d.email}`}>{d.email}</a>
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                          {d.telefono ? <a href={`tel:${d.telefono}`}>{formatTelefono(d.telefono)}</a> : M.noPhone}
                        </TableCell>
                        <TableCell>{d.attivo ? M.yes : <Chip label={M.no} size="small" />}</TableCell>
                        {canEdit && (
                          <TableCell align="right">
                            <Tooltip title={M.editOf(fullName(d))}>
                              <IconButton aria-label={M.editOf(fullName(d))} onClick={() => open(d)}>
                                <EditOutlinedIcon />
                              </IconButton>
                            </Tooltip>
                          </TableCell>
                        )}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <Pager
                page={page + 1}
                totalPages={pages}
                onPage={(p) => setPageModel({ page: p - 1 })}
                summary={
                  <Typography variant="body2" color="text.secondary">
                    {M.displayedRows(page * PAGE_SIZE + 1, Math.min((page + 1) * PAGE_SIZE, rows.length), rows.length)}
                  </Typography>
                }
              />
            </Paper>
          )}
        </>
      )}

      {canEdit && form.opening > 0 && (
        <Suspense fallback={null}>
          <DirigenteDialog open={form.open} formKey={form.opening} dirigente={form.dirigente} onClose={() => setForm((f) => ({ ...f, open: false }))} />
        </Suspense>
      )}
    </Box>
  );
}
