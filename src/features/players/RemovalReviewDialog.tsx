import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { formatInstant } from '../../../common/core/dates';
import { GIOCATORI_MSG, PLAYERS_UI } from '../../../common/players/messages';
import { errorMessage } from '../../api/api';
import { useClubConfig } from '../../store/useClubConfig';
import { PlayerEraseButton } from './PlayerEraseButton';
import { useGetDaRimuovereQuery } from './playersApi';

const R = PLAYERS_UI.review;

/**
 * 'Da rimuovere' (administrators, docs/players.md): the players the server proposes for erasure, each
 * with its reason and last change, and 'Elimina' through the erasure's own confirmation. Mounted only
 * while open: the list is read (an activity record) at each opening and not kept afterwards.
 */
export default function RemovalReviewDialog({ onClose }: { onClose: () => void }) {
  const { timezone } = useClubConfig();
  const { data, isLoading, isError, error, isFetching, refetch } = useGetDaRimuovereQuery();
  const rows = data?.data ?? [];
  // Full screen on a phone, as the player form: the reasons read on full lines.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog open onClose={onClose} aria-labelledby="da-rimuovere-title" maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id="da-rimuovere-title">{R.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{R.intro}</DialogContentText>
        {isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }} role="status" aria-label={R.loading}>
            <CircularProgress size={28} />
          </Box>
        ) : isError && !data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" disabled={isFetching} onClick={() => void refetch()}>
                {R.retry}
              </Button>
            }
          >
            {`${R.loadError}: ${errorMessage(error)}`}
          </Alert>
        ) : rows.length === 0 ? (
          <Alert severity="info">{R.none}</Alert>
        ) : (
          <List dense aria-label={R.title}>
            {rows.map((p) => {
              const name = `${p.cognome} ${p.nome}`;
              return (
                // The button beside the text, or under it when the line is too narrow (a phone).
                <ListItem key={p.id} divider disableGutters sx={{ flexWrap: 'wrap', columnGap: 2 }}>
                  <ListItemText
                    primary={`${name} · ${p.gruppo}`}
                    secondary={`${GIOCATORI_MSG.daRimuovere[p.motivo]}. ${R.aggiornatoIl(formatInstant(p.aggiornatoIl, timezone))}`}
                    sx={{ flex: '1 1 240px' }}
                  />
                  <PlayerEraseButton giocatore={p} label={PLAYERS_UI.admin.eraseOf(name)} onErased={() => undefined} />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{R.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
