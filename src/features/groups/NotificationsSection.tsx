import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { MSG } from '../../../common/core/messages';
import { sortReferenti, type Gruppo } from '../../../common/groups/rules';
import { NOTIFICHE_DEFAULT, NOTIFICHE_LABEL, NOTIFICHE_MSG } from '../../../common/notifications/rules';

const SENDING = ['ogni_modifica', 'settimanale'] as const;

/**
 * The 'Notifiche' section of Gestione Categorie (docs/notifications.md): per category, who receives each kind of
 * mail. Only referents with an email receive anything; those who chose a mail but have no email
 * are named with 'senza email' so the gap shows.
 */
export default function NotificationsSection({ gruppi }: { gruppi: readonly Gruppo[] }) {
  return (
    <Box component="section" aria-labelledby="notifiche-title" sx={{ mt: 4 }}>
      <Typography id="notifiche-title" variant="h6" component="h2">
        {NOTIFICHE_MSG.sectionTitle}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {NOTIFICHE_MSG.sectionIntro}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-labelledby="notifiche-title">
          <TableHead>
            <TableRow>
              <TableCell>{MSG.groups.name}</TableCell>
              {SENDING.map((s) => (
                <TableCell key={s}>{NOTIFICHE_LABEL[s]}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {gruppi.map((g) => {
              const referenti = sortReferenti(g.components);
              const cells = SENDING.map((s) =>
                referenti
                  .filter((r) => (r.notifiche ?? NOTIFICHE_DEFAULT) === s)
                  .map((r) => (r.email ? `${r.nome} ${r.cognome} <${r.email}>` : `${r.nome} ${r.cognome} (${NOTIFICHE_MSG.noEmail})`)),
              );
              const nobody = !referenti.some((r) => r.email && (r.notifiche ?? NOTIFICHE_DEFAULT) !== 'nessuna');
              return (
                <TableRow key={g.id} data-testid="notifiche-row">
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                    {g.name}
                  </TableCell>
                  {nobody ? (
                    <TableCell colSpan={SENDING.length} sx={{ color: 'text.secondary' }}>
                      {NOTIFICHE_MSG.nobody}
                    </TableCell>
                  ) : (
                    cells.map((names, i) => (
                      <TableCell key={SENDING[i]}>
                        {names.map((n) => (
                          <div key={n}>{n}</div>
                        ))}
                      </TableCell>
                    ))
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
