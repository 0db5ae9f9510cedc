import { lazy, Suspense } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { MatchBadge } from './MatchBadge';
import { DASHBOARD_MSG, MATCH_OPTION_MSG } from '../../../common/dashboardMessages';
import { isHomeTeam, type Partita } from '../../../common/partiteRead';
import { useClub } from '../../components/ClubContext';
import { statoOf } from '../../../common/matchStatusRead';

const dateFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** '2026-11-28' -> 'Sabato 28 novembre 2026' (noon, so no timezone moves the day). */
export function formatDataIt(data: string): string {
  const text = dateFormat.format(new Date(`${data}T12:00:00`));
  return text.charAt(0).toLocaleUpperCase('it') + text.slice(1);
}

const hhmm = (t: string | null) => (t ? t.slice(0, 5) : '');

const TIPO_COLOR = { campionato: 'primary', torneo: 'secondary', amichevole: 'info' } as const;

function Team({ name, club }: { name: string; club: boolean }) {
  return (
    <Typography
      component="span"
      data-club={club ? 'true' : undefined}
      sx={club ? { fontWeight: 700, color: 'primary.main' } : { fontWeight: 500 }}
    >
      {name}
    </Typography>
  );
}

// Issue 16: badge and reason of a match not In programma, in their own chunk (public page budget).
const StatusBadge = lazy(() => import('./MatchStatusInfo'));
const StatusReason = lazy(() => import('./MatchStatusInfo').then((m) => ({ default: m.MatchStatusReason })));

/** A match card (spec 2): date, times, competition type, teams (club's highlighted), field, surface, rooms, category, CASA. */
export function MatchCard({ partita: p, onClick }: { partita: Partita; onClick?: () => void }) {
  const time = p.ora_fine ? `${hhmm(p.ora)} - ${hhmm(p.ora_fine)}` : hhmm(p.ora);
  const { clubName } = useClub();
  const rooms = p.is_house_match && p.spogliatoio_gari != null && p.spogliatoio_ospiti != null;
  const stato = statoOf(p.stato);
  const cancelled = stato === 'annullata';
  const content = (
    // Card and CardContent's look (outlined paper, 16 px padding, 24 px at the bottom) from Paper and Box,
    // which the public page's bundle has anyway (issue 13).
    <Box sx={{ p: 2, pb: 3 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2" component="span">
          {formatDataIt(p.data)}
        </Typography>
        <Typography variant="subtitle2" component="span" color="text.secondary">
          {time}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {stato !== 'programmata' && (
          <Suspense fallback={null}>
            <StatusBadge stato={stato} />
          </Suspense>
        )}
        {p.tipo_gara && <MatchBadge color={TIPO_COLOR[p.tipo_gara]} label={MATCH_OPTION_MSG.tipoGara[p.tipo_gara]} />}
        {p.is_house_match && <MatchBadge color="success" label={DASHBOARD_MSG.home} />}
      </Box>
      <Typography variant="h6" component="p" sx={{ fontSize: '1.05rem', textDecoration: cancelled ? 'line-through' : undefined }}>
        <Team name={p.squadracasa} club={isHomeTeam(p.squadracasa, clubName)} /> {DASHBOARD_MSG.vs}{' '}
        <Team name={p.squadratrasferta} club={isHomeTeam(p.squadratrasferta, clubName)} />
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {DASHBOARD_MSG.filterLabels.campo}: {p.campo}
        </Typography>
        {p.terreno && <MatchBadge variant="outlined" label={MATCH_OPTION_MSG.terrenoLabel[p.terreno]} />}
        <MatchBadge variant="outlined" color="primary" label={p.gruppo} />
      </Box>
      {stato !== 'programmata' && p.motivo_stato && (
        <Suspense fallback={null}>
          <StatusReason motivo={p.motivo_stato} />
        </Suspense>
      )}
      {rooms && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {DASHBOARD_MSG.dressingRooms}: {DASHBOARD_MSG.dressingRoomClub} {p.spogliatoio_gari} · {DASHBOARD_MSG.dressingRoomGuests} {p.spogliatoio_ospiti}
        </Typography>
      )}
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="match-card" data-stato={stato}>
      {onClick ? (
        // A plain button (not CardActionArea): the public page's bundle has no ButtonBase (issue 13).
        <Box
          component="button"
          type="button"
          onClick={onClick}
          sx={{
            display: 'block',
            width: '100%',
            p: 0,
            m: 0,
            border: 0,
            bgcolor: 'transparent',
            color: 'inherit',
            font: 'inherit',
            textAlign: 'left',
            cursor: 'pointer',
            '&:hover': { bgcolor: 'action.hover' },
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: -3 },
          }}
        >
          {content}
        </Box>
      ) : (
        content
      )}
    </Paper>
  );
}
