import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { GIOCATORI_MSG } from '../../../common/players/messages';
import ItalianDataGrid from '../../components/ItalianDataGrid';
import { CertificateChip } from './CertificateChip';
import { compareStato, fullName, type PlayerRow } from './list';
import { dmy, PLAYERS_UI } from './messages';

const U = PLAYERS_UI;
const COL = U.columns;
const PAGE_SIZES = [25, 50, 100];

/**
 * The roster (docs/players.md) as the admins' screens show their lists: a DataGrid sorted by surname,
 * the certificate as a coloured chip with its date, an active suspension, the card; the edit button for
 * editors. On a phone only the name, the certificate and the button stay (the rest is in the form).
 */
export function PlayersGrid({ rows, today, showGruppo, canEdit, onEdit }: { rows: PlayerRow[]; today: string; showGruppo: boolean; canEdit: boolean; onEdit: (row: PlayerRow) => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const columns = useMemo<GridColDef<PlayerRow>[]>(
    () => [
      {
        field: 'giocatore',
        headerName: COL.giocatore,
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => fullName(row),
        renderCell: ({ row }) => (
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
        width: 220,
        sortComparator: compareStato,
        renderCell: ({ row }) => <CertificateChip stato={row.stato} />,
      },
      {
        field: 'squalificatoFino',
        headerName: COL.squalifica,
        width: 200,
        renderCell: ({ row }) =>
          row.squalificatoFino && row.squalificatoFino >= today ? <Chip size="small" label={U.squalificatoFino(row.squalificatoFino)} variant="outlined" data-testid="squalifica-chip" /> : null,
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
    [today, onEdit],
  );
  const visibility = useMemo(
    () => ({ gruppo: showGruppo && !phone, dataNascita: !phone, numeroTessera: !phone, squalificatoFino: !phone, contatti: !phone, actions: canEdit }),
    [showGruppo, phone, canEdit],
  );
  return (
    <Paper variant="outlined">
      <ItalianDataGrid
        rows={rows}
        columns={columns as GridColDef[]}
        columnVisibilityModel={visibility}
        initialState={{ pagination: { paginationModel: { pageSize: PAGE_SIZES[0] } } }}
        pageSizeOptions={PAGE_SIZES}
        disableRowSelectionOnClick
        disableColumnMenu
        disableVirtualization
        autoHeight
        density="compact"
        aria-label={GIOCATORI_MSG.title}
        getRowClassName={() => 'giocatore-row'}
        sx={{ border: 0, '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } }}
      />
    </Paper>
  );
}
