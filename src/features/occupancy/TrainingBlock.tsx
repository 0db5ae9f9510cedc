import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import CalendarViewWeekIcon from '@mui/icons-material/CalendarViewWeek';
import { CLASH_MSG } from '../../../common/occupancy/rules';
import { ALLENAMENTI_MSG } from '../../../common/trainings/messages';
import { describeAllenamento, weekdayOf } from '../../../common/trainings/rules';
import { formatLongDate } from '../../../common/export/rules';
import { refusalMessage } from '../../api/api';
import { paths } from '../../config/paths';
import { useNotify } from '../../components/Toasts';
import { useSkipTrainingDateMutation } from './occupancyApi';
import type { OccupancyTraining } from '../../../common/occupancy/types';
import { blockSx } from './blockStyle';
import { BlockTooltip, clashLines } from './BlockTooltip';

const M = CLASH_MSG;
const A = ALLENAMENTI_MSG;

const timeOfTraining = (t: OccupancyTraining) => `${t.oraInizio.slice(0, 5)}-${t.oraFine.slice(0, 5)}`;

/**
 * A training's look, apart from a match's (light blue, solid): hatched and outlined with a dashed
 * line, and the word 'Allenamento' on it, so it is told apart without colour too; a clash is
 * outlined in red as a match's is. The hatching prints (print-color-adjust in blockSx).
 */
const trainingSx = (clash: boolean) => ({
  bgcolor: clash ? '#fdecea' : '#f1f8e9',
  backgroundImage: `repeating-linear-gradient(135deg, ${clash ? 'rgba(211, 47, 47, 0.14)' : 'rgba(56, 142, 60, 0.18)'} 0 3px, transparent 3px 9px)`,
  border: clash ? '2px solid' : '1px dashed',
  borderColor: clash ? 'error.main' : 'success.dark',
});

/**
 * One date of a training series on the board (docs/trainings.md): its time, the 'Allenamento'
 * label and its category; the tooltip tells everything (category, times, pitch, rooms, clashes).
 * For editors (`onSkip`) a click offers 'Salta questo allenamento' and the training screen.
 */
export function TrainingBlock({
  t,
  style,
  compact,
  onSkip,
}: {
  t: OccupancyTraining;
  style?: React.CSSProperties;
  compact?: boolean;
  onSkip?: (t: OccupancyTraining) => void;
}) {
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tip, setTip] = useState(false);
  const clash = t.conflitti.length > 0;
  const time = timeOfTraining(t);
  const rooms = A.rooms(t.spogliatoi);
  const interactive = onSkip !== undefined;
  const menuId = `training-menu-${t.id}-${t.data}`;
  const block = (
    <Box
      component={interactive ? 'button' : 'div'}
      type={interactive ? 'button' : undefined}
      role={interactive ? undefined : 'group'}
      tabIndex={interactive ? undefined : 0}
      data-testid="occupancy-training"
      data-training-id={t.id}
      data-date={t.data}
      data-clash={clash ? 'true' : 'false'}
      aria-label={`${M.boardTrainingLabel(time, t.gruppo, t.campo, rooms)}${clash ? `: ${clashLines(t)}` : ''}`}
      aria-haspopup={interactive ? 'menu' : undefined}
      aria-expanded={interactive ? anchor !== null : undefined}
      aria-controls={anchor ? menuId : undefined}
      onClick={interactive ? (e: React.MouseEvent<HTMLElement>) => setAnchor(e.currentTarget) : undefined}
      style={style}
      sx={[blockSx(compact), trainingSx(clash), interactive ? {} : { cursor: 'default' }]}
    >
      {/* Unlike a match's first line, it wraps between the time and the label: 'Allenamento' is never cut off. */}
      <Box component="span" sx={{ display: 'block', fontSize: 11 }}>
        <Box component="strong" sx={{ whiteSpace: 'nowrap' }}>
          {time}
        </Box>{' '}
        <Box
          component="span"
          data-testid="occupancy-training-label"
          sx={{ whiteSpace: 'nowrap', fontWeight: 700, textTransform: 'uppercase', fontSize: 10, letterSpacing: '0.02em', color: clash ? 'error.dark' : 'success.dark' }}
        >
          {M.boardTraining}
        </Box>
        {compact && (
          <>
            {' · '}
            <Box component="span" sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
              {t.campo}
            </Box>
          </>
        )}
      </Box>
      <Box component="span" data-testid="occupancy-training-name" sx={{ display: 'block', fontWeight: 600 }}>
        {t.gruppo}
      </Box>
    </Box>
  );
  return (
    <>
      <BlockTooltip
        text={`${M.boardTrainingText(time, t.gruppo)}\n${t.campo} · ${rooms}`}
        clashes={clashLines(t)}
        // Not over the menu while it is open.
        open={tip && anchor === null}
        onOpen={() => setTip(true)}
        onClose={() => setTip(false)}
      >
        {block}
      </BlockTooltip>
      {interactive && (
        <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onSkip(t);
            }}
          >
            <ListItemIcon>
              <EventBusyIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{A.skip}</ListItemText>
          </MenuItem>
          <MenuItem onClick={() => navigate(paths.allenamenti.getHref())}>
            <ListItemIcon>
              <CalendarViewWeekIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{M.openTrainings}</ListItemText>
          </MenuItem>
        </Menu>
      )}
    </>
  );
}

/**
 * 'Salta questo allenamento': asks naming the series and the date, then POST /api/allenamenti/{id}/salta.
 * The board refreshes by its tags (occupancyApi.ts); the dialog stays open with the reason when refused.
 */
export function SkipTrainingDialog({ training, open, onClose, onExited }: { training: OccupancyTraining | null; open: boolean; onClose: () => void; onExited: () => void }) {
  const notify = useNotify();
  const [skip, { isLoading }] = useSkipTrainingDateMutation();
  const [error, setError] = useState<string | null>(null);
  if (!training) return null;
  const t = training;
  const what = describeAllenamento({ gruppo: t.gruppo, giorno: weekdayOf(t.data), oraInizio: t.oraInizio.slice(0, 5), oraFine: t.oraFine.slice(0, 5), campo: t.campo });

  const confirm = async () => {
    setError(null);
    try {
      await skip({ id: t.id, data: t.data }).unwrap();
      notify(A.skipped, 'success');
      onClose();
    } catch (err) {
      // 400/403/404 carry the server's Italian reason (a date no longer in the series, a series deleted).
      setError(refusalMessage(err, [400, 403, 404], A.skipError));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !isLoading && onClose()}
      aria-labelledby="skip-training-title"
      aria-describedby="skip-training-text"
      maxWidth="sm"
      fullWidth
      slotProps={{
        transition: {
          onExited: () => {
            setError(null);
            onExited();
          },
        },
      }}
    >
      <DialogTitle id="skip-training-title">{A.skipTitle}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText id="skip-training-text">{A.skipText(what, formatLongDate(t.data))}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {A.cancel}
        </Button>
        <Button
          onClick={() => void confirm()}
          color="error"
          variant="contained"
          disabled={isLoading}
          startIcon={isLoading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {isLoading ? A.saving : A.skipConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
