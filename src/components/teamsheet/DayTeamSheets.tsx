import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useGetDistinteGiornoQuery } from '../../api/teamsheetApi';
import { TEAMSHEET_UI as UI } from './messages';
import { TeamSheetSection } from './TeamSheetSection';

/** What names a match of the day in its link: time, teams and category. */
export interface DayMatch {
  id: number;
  ora: string;
  squadracasa: string;
  squadratrasferta: string;
}

/**
 * The day sheet's 'Distinta' links (docs/teamsheet.md): one per match of the day whose sheet the caller
 * may open (GET /api/distinte?data=, the categories they follow); nothing when there is none.
 * The link opens the sheet in place: readers see and print it, editors build it too.
 */
export function DayTeamSheets({ date, matches }: { date: string; matches: readonly DayMatch[] }) {
  const { data = [] } = useGetDistinteGiornoQuery(date);
  const [open, setOpen] = useState<number | null>(null);
  if (data.length === 0) return null;
  const label = (partita: number, gruppo: string) => {
    const m = matches.find((x) => x.id === partita);
    return m ? `${m.ora.slice(0, 5)} ${m.squadracasa} - ${m.squadratrasferta} (${gruppo})` : gruppo;
  };
  return (
    <Box component="section" aria-labelledby="distinte-giorno-title" sx={{ mt: 2 }} data-testid="distinte-giorno">
      <Typography id="distinte-giorno-title" variant="subtitle1" component="h3">
        {UI.dayTitle}
      </Typography>
      <List dense>
        {data.map((d) => (
          <ListItem
            key={d.partita}
            secondaryAction={
              <Button size="small" aria-label={UI.dayLinkOf(label(d.partita, d.gruppo))} onClick={() => setOpen(d.partita)}>
                {UI.dayLink}
              </Button>
            }
          >
            <ListItemText primary={label(d.partita, d.gruppo)} secondary={UI.dayState(d.salvata, d.giocatori, d.stampe)} />
          </ListItem>
        ))}
      </List>
      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="sm" fullWidth aria-labelledby="distinta-title">
        <DialogContent>{open !== null && <TeamSheetSection matchId={open} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{UI.close}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
