import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { DIRIGENTI_MSG, QUALIFICA_LABELS } from '../../../common/officials/messages';
import { fullName, type Dirigente } from '../../../common/officials/rules';
import { Pager } from '../../components/Pager';
import { formatTelefono } from './list';

const M = DIRIGENTI_MSG;
const F = M.fields;

/** A person's qualifications as chips that wrap, or 'Nessuna qualifica'. */
function Qualifiche({ dirigente: d }: { dirigente: Dirigente }) {
  if (d.qualifiche.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {M.noQualifiche}
      </Typography>
    );
  }
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }} data-testid="dirigente-qualifiche">
      {d.qualifiche.map((q) => (
        <Chip key={q} label={QUALIFICA_LABELS[q]} size="small" variant="outlined" color={q === 'arbitro' ? 'primary' : 'default'} />
      ))}
    </Stack>
  );
}

/**
 * One page of the officials' table with its pager: chips for the qualifications, contact links, the card number, the edit button for editors.
 * Under 900 px the contact goes under the name; under 600 px the qualifications and the state too, so the table fits a phone.
 */
export function OfficialsTable({
  rows,
  first,
  total,
  page,
  pages,
  onPage,
  canEdit,
  onEdit,
}: {
  /** The page's people. */
  rows: readonly Dirigente[];
  /** Position (1-based) of the page's first person among the `total` filtered ones. */
  first: number;
  total: number;
  /** 1-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  canEdit: boolean;
  onEdit: (dirigente: Dirigente) => void;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={M.title}>
          <TableHead>
            <TableRow>
              <TableCell>{F.nome}</TableCell>
              {!phone && <TableCell>{F.qualifiche}</TableCell>}
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{F.email}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{F.telefono}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{M.tesseraColumn}</TableCell>
              {!phone && <TableCell sx={{ width: 80 }}>{F.attivo}</TableCell>}
              {canEdit && (
                <TableCell align="right" sx={{ width: 72 }}>
                  {M.actions}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id} hover data-testid="dirigente-row" data-id={d.id}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
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
                    {d.numeroTessera && (
                      <Box component="span" sx={{ display: 'block' }}>
                        {M.tesseraOf(d.numeroTessera)}
                      </Box>
                    )}
                  </Box>
                  {/* Under 600 px also the qualifications and the state, their columns left out (docs/screens.md, lists). */}
                  {phone && (
                    <Stack spacing={0.5} sx={{ mt: 0.75, fontWeight: 400, alignItems: 'flex-start' }}>
                      <Qualifiche dirigente={d} />
                      {!d.attivo && <Chip label={M.notActive} size="small" />}
                    </Stack>
                  )}
                </TableCell>
                {!phone && (
                  <TableCell>
                    <Qualifiche dirigente={d} />
                  </TableCell>
                )}
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' }}>
                  <a href={`mailto:${d.email}`}>{d.email}</a>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                  {d.telefono ? <a href={`tel:${d.telefono}`}>{formatTelefono(d.telefono)}</a> : M.noPhone}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }} data-testid="dirigente-tessera">
                  {d.numeroTessera ?? M.noTessera}
                </TableCell>
                {!phone && <TableCell>{d.attivo ? M.yes : <Chip label={M.no} size="small" />}</TableCell>}
                {canEdit && (
                  <TableCell align="right">
                    <Tooltip title={M.editOf(fullName(d))}>
                      <IconButton aria-label={M.editOf(fullName(d))} onClick={() => onEdit(d)}>
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
        page={page}
        totalPages={pages}
        onPage={onPage}
        summary={
          <Typography variant="body2" color="text.secondary">
            {M.displayedRows(first, first + rows.length - 1, total)}
          </Typography>
        }
      />
    </Paper>
  );
}
