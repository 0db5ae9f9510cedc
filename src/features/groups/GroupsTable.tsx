import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { MSG } from '../../../common/core/messages';
import { sortReferenti, type Gruppo } from '../../../common/groups/rules';
import { CalendarButton } from '../../components/CalendarButton';

/** Groups a phone's digits as people read them (333 123 4567). */
function formatTelefono(digits: string | null): string {
  if (!digits) return MSG.groups.noPhone;
  return digits.length === 10 ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : `${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** The categories' table (docs/groups.md): each row opens onto its referents and its calendar; edit and delete as the role allows. */
export function GroupsTable({
  gruppi,
  filtered,
  canCreate,
  canEdit,
  canDelete,
  onCreate,
  onEdit,
  onDelete,
}: {
  /** Every category (an empty club says so and offers the first one). */
  gruppi: readonly Gruppo[];
  /** The categories the filters leave. */
  filtered: readonly Gruppo[];
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onCreate: () => void;
  onEdit: (gruppo: Gruppo) => void;
  onDelete: (gruppo: Gruppo) => void;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={MSG.groups.title}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 56 }} />
            <TableCell>{MSG.groups.name}</TableCell>
            <TableCell>{MSG.groups.referents}</TableCell>
            <TableCell align="right">{MSG.groups.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {filtered.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {gruppi.length === 0 ? MSG.groups.noGroups : MSG.groups.noFilteredGroups}
                {gruppi.length === 0 && canCreate && (
                  <Box sx={{ mt: 1.5 }}>
                    <Typography variant="body2" sx={{ mb: 1.5 }}>
                      {MSG.groups.firstGroup}
                    </Typography>
                    <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
                      {MSG.groups.create}
                    </Button>
                  </Box>
                )}
              </TableCell>
            </TableRow>
          )}
          {filtered.map((g) => {
            const open = expanded.has(g.id);
            return (
              <Fragment key={g.id}>
                <TableRow hover sx={{ '& > td': { borderBottom: open ? 'unset' : undefined } }} data-testid="group-row">
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-label={open ? MSG.groups.hideReferents(g.name) : MSG.groups.showReferents(g.name)}
                      aria-expanded={open}
                      onClick={() => toggle(g.id)}
                    >
                      {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                    </IconButton>
                  </TableCell>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {g.name}
                  </TableCell>
                  <TableCell>{MSG.groups.referentsCount(g.components.length)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {canEdit && (
                      <Tooltip title={MSG.groups.edit}>
                        <IconButton aria-label={`${MSG.groups.edit} ${g.name}`} onClick={() => onEdit(g)}>
                          <EditOutlinedIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                    {canDelete && (
                      <Tooltip title={MSG.groups.delete}>
                        <IconButton aria-label={`${MSG.groups.delete} ${g.name}`} color="error" onClick={() => onDelete(g)}>
                          <DeleteOutlineIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell sx={{ py: 0 }} colSpan={4}>
                    <Collapse in={open} timeout="auto" unmountOnExit>
                      <Box sx={{ py: 2, pl: 7 }}>
                        <Table size="small" aria-label={MSG.groups.referents + ' ' + g.name}>
                          <TableHead>
                            <TableRow>
                              <TableCell>{MSG.groups.referentSurname}</TableCell>
                              <TableCell>{MSG.groups.referentName}</TableCell>
                              <TableCell>{MSG.groups.referentPhone}</TableCell>
                            </TableRow>
                          </TableHead>
                          <TableBody>
                            {sortReferenti(g.components).map((r, i) => (
                              <TableRow key={i} data-testid="referent-row">
                                <TableCell>{r.cognome}</TableCell>
                                <TableCell>{r.nome}</TableCell>
                                <TableCell>
                                  {r.telefono ? <a href={`tel:${r.telefono}`}>{formatTelefono(r.telefono)}</a> : MSG.groups.noPhone}
                                </TableCell>
                              </TableRow>
                            ))}
                          </TableBody>
                        </Table>
                        <CalendarButton categoryId={g.id} categoryName={g.name} size="small" sx={{ mt: 2 }} />
                      </Box>
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
