import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { dmy, GIOCATORI_MSG, PLAYERS_UI } from '../../../common/players/messages';
import ItalianDataGrid from '../../components/ItalianDataGrid';
import { Pager } from '../../components/Pager';
import { CertificateChip } from './CertificateChip';
import { fullName, sortRows, type PlayerRow } from './list';

const U = PLAYERS_UI;
const COL = U.columns;
/** Players a page of the roster (a category has 20 to 30). */
const PAGE_SIZE = 50;

/**
 * The roster (docs/players.md) as the admins' screens show their lists: a DataGrid sorted by surname,
 * the certificate as a coloured chip with its date, an active suspension, the card; the edit button for
 * editors. On a phone only the name, the certificate and the button stay (the rest is in the form).
 * The app's one pager below it (docs/screens.md); a header click sorts the whole list, then the page shows.
 */
export function PlayersGrid({ rows, today, showGruppo, canEdit, onEdit }: { rows: PlayerRow[]; today: string; showGruppo: boolean; canEdit: boolean; onEdit: (row: PlayerRow) => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const suspended = useCallback((row: PlayerRow) => !!row.squalificatoFino && row.squalificatoFino >= today, [today]);
  const columns = useMemo<GridColDef<PlayerRow>[]>(
    () => [
      {
        field: 'giocatore',
        headerName: COL.giocatore,
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => fullName(row),
        renderCell: ({ row }) =>
          phone ? (
            // On a phone the name opens the form (no room for the button) and says an active suspension.
            <Box sx={{ py: 0.75, minWidth: 0 }}>
              {canEdit ? (
                <Link component="button" type="button" onClick={() => onEdit(row)} aria-label={U.editOf(fullName(row))} sx={{ fontWeight: 600, textAlign: 'left' }} data-testid="giocatore-nome">
                  {fullName(row)}
                </Link>
              ) : (
                <Box component="span" sx={{ fontWeight: 600 }} data-testid="giocatore-nome">
                  {fullName(row)}
                </Box>
              )}
              {showGruppo && (
                <Typography variant="caption" component="p" color="text.secondary">
                  {row.gruppo}
                </Typography>
              )}
              {suspended(row) && (
                <Typography variant="caption" component="p" color="text.secondary">
                  {U.squalificatoFino(row.squalificatoFino!)}
                </Typography>
              )}
            </Box>
          ) : (
            <Box component="span" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' }} data-testid="giocatore-nome">
              {fullName(row)}
            </Box>
          ),
      },
      { field: 'gruppo', headerName: COL.gruppo, width: 130 },
      { field: 'dataNascita', headerName: COL.dataNascita, width: 110, valueFormatter: (v: string) => dmy(v) },
      { field: 'numeroTessera', headerName: COL.numeroTessera, width: 120, valueFormatter: (v: string | null) => v ?? U.noTessera },
      {
        field: 'stato',
        headerName: COL.certificato,
        width: phone ? 195 : 210,
        renderCell: ({ row }) => <CertificateChip stato={row.stato} />,
      },
      {
        field: 'squalificatoFino',
        headerName: COL.squalifica,
        width: 170,
        renderCell: ({ row }) =>
          suspended(row) ? (
            <Chip size="small" label={U.squalificaFino(row.squalificatoFino!)} title={U.squalificatoFino(row.squalificatoFino!)} variant="outlined" data-testid="squalifica-chip" />
          ) : null,
      },
      { field: 'contatti', headerName: COL.contatti, width: 110, sortable: false, valueGetter: (_v, row) => (row.contatti.length ? U.contacts(row.contatti.length) : U.noContacts) },
      {
        field: 'actions',
        headerName: COL.actions,
        width: 80,
        sortable: false,
        filterable: false,
        renderCell: ({ row }) => (
          <Tooltip title={U.editOf(fullName(row))}>
            <IconButton aria-label={U.editOf(fullName(row))} onClick={() => onEdit(row)}>
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
        ),
      },
    ],
    [phone, canEdit, showGruppo, suspended, onEdit],
  );
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [pageModel, setPageModel] = useState({ page: 0 });
  const sorted = useMemo(() => sortRows(rows, sortModel[0]?.field, sortModel[0]?.sort ?? null), [rows, sortModel]);
  const pages = Math.max(1, Math.ceil(sorted.length / PAGE_SIZE));
  // A filter that leaves fewer pages shows the last one there is.
  const page = Math.min(pageModel.page, pages - 1);
  const first = page * PAGE_SIZE;
  const visibility = useMemo(
    () => ({ gruppo: showGruppo && !phone, dataNascita: !phone, numeroTessera: !phone, squalificatoFino: !phone, contatti: !phone, actions: canEdit && !phone }),
    [showGruppo, phone, canEdit],
  );
  return (
    <Paper variant="outlined">
      <ItalianDataGrid
        rows={sorted.slice(first, first + PAGE_SIZE)}
        columns={columns as GridColDef[]}
        columnVisibilityModel={visibility}
        sortingMode="server"
        sortModel={sortModel}
        onSortModelChange={setSortModel}
        hideFooter
        disableRowSelectionOnClick
        disableColumnMenu
        disableVirtualization
        autoHeight
        density="compact"
        getRowHeight={phone ? () => 'auto' : undefined}
        aria-label={GIOCATORI_MSG.title}
        getRowClassName={() => 'giocatore-row'}
        sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
      />
      <Pager
        page={page + 1}
        totalPages={pages}
        onPage={(p) => setPageModel({ page: p - 1 })}
        summary={
          <Typography variant="body2" color="text.secondary">
            {U.displayedRows(first + 1, first + Math.min(PAGE_SIZE, sorted.length - first), sorted.length)}
          </Typography>
        }
      />
    </Paper>
  );
}
