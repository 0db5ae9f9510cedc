import { lazy, Suspense, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { VISUALLY_HIDDEN } from '../../components/visuallyHidden';
import { MatchBadge } from './MatchBadge';
import { DASHBOARD_MSG } from '../../../common/matches/messages';
import type { Partita } from '../../../common/matches/read';
import { matchCardText } from '../../../common/matches/card-text';
import { useClub } from '../../components/ClubContext';
import { statoOf } from '../../../common/status/read';



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

// Badge and reason of a match not In programma (docs/matches.md, status), in their own chunk (public page budget).
const StatusBadge = lazy(() => import('./MatchStatusInfo'));
const StatusReason = lazy(() => import('./MatchStatusInfo').then((m) => ({ default: m.MatchStatusReason })));

/**
 * A match card (docs/matches.md): date, times, competition type, teams (club's highlighted), field, surface, rooms, category, CASA.
 * A sample card (the dashboards' fallback when the matches cannot be read, docs/matches.md) says 'Esempio', is greyed and never opens.
 */
export function MatchCard({
  partita: p,
  onClick,
  sample = false,
  dense = false,
  highlighted = false,
  badge,
  notes,
}: {
  partita: Partita;
  onClick?: () => void;
  sample?: boolean;
  /** The signed-in dashboard's card under its day heading (docs/planning.md): no date, two compact rows. */
  dense?: boolean;
  /** Just saved: outlined until the next visit. */
  highlighted?: boolean;
  /**
   * The signed-in dashboard's own badge and lines (DashboardCards.tsx: players not fit to play, officials,
   * call-up counts), made there so that the public page's bundle carries none of their code.
   */
  badge?: ReactNode;
  notes?: ReactNode;
}) {
  const { clubName } = useClub();
  // The texts the server's HTML of / shows too (common/matches/card-text.ts, docs/public-page.md).
  const text = matchCardText(p, clubName);
  const stato = statoOf(p.stato);
  const badges = (
    <>
      {sample && <MatchBadge variant="outlined" label={DASHBOARD_MSG.sample} />}
      {badge}
      {text.status && (
        <Suspense fallback={null}>
          <StatusBadge status={text.status} />
        </Suspense>
      )}
      {text.tipo && <MatchBadge color={text.tipo.color} label={text.tipo.label} />}
      {text.home && <MatchBadge color="success" label={text.home} />}
    </>
  );
  const teams = (
    <>
      <Team {...text.teams[0]} /> {DASHBOARD_MSG.vs} <Team {...text.teams[1]} />
    </>
  );
  const content = dense ? (
    // One row on the office laptop (wrapping on narrow screens): time, teams, pitch and category, badges.
    <Box sx={{ px: 2, py: 1, display: 'flex', gap: 1.25, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      {/* The day is the heading above; the card still says it to a screen reader (and to a search of the page). */}
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {text.date}
      </Box>
      <Typography variant="subtitle2" component="span" sx={{ minWidth: 92 }}>
        {text.time}
      </Typography>
      <Typography component="p" sx={{ fontSize: '1rem', fontWeight: 500, textDecoration: text.struck ? 'line-through' : undefined }}>
        {teams}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text.campo}
      </Typography>
      {text.terreno && <MatchBadge variant="outlined" label={text.terreno} />}
      <MatchBadge variant="outlined" color="primary" label={text.gruppo} />
      {text.rooms && (
        <Typography variant="body2" color="text.secondary">
          {text.rooms}
        </Typography>
      )}
      {stato !== 'programmata' && p.motivo_stato && (
        <Suspense fallback={null}>
          <StatusReason motivo={p.motivo_stato} inline />
        </Suspense>
      )}
      {notes}
      <Box sx={{ flexGrow: 1 }} />
      {badges}
    </Box>
  ) : (
    // Card and CardContent's look (outlined paper, 16 px padding, 24 px at the bottom) from Paper and Box,
    // which the public page's bundle has anyway (docs/public-page.md).
    <Box sx={{ p: 2, pb: 3 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2" component="span">
          {text.date}
        </Typography>
        <Typography variant="subtitle2" component="span" color="text.secondary">
          {text.time}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {badges}
      </Box>
      <Typography variant="h6" component="p" sx={{ fontSize: '1.05rem', textDecoration: text.struck ? 'line-through' : undefined }}>
        {teams}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {text.campo}
        </Typography>
        {text.terreno && <MatchBadge variant="outlined" label={text.terreno} />}
        <MatchBadge variant="outlined" color="primary" label={text.gruppo} />
      </Box>
      {stato !== 'programmata' && p.motivo_stato && (
        <Suspense fallback={null}>
          <StatusReason motivo={p.motivo_stato} />
        </Suspense>
      )}
      {text.rooms && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {text.rooms}
        </Typography>
      )}
    </Box>
  );
  return (
    <Paper
      variant="outlined"
      sx={{
        overflow: 'hidden',
        ...(sample ? { opacity: 0.6, bgcolor: 'action.hover' } : {}),
        ...(highlighted ? { outline: '3px solid', outlineColor: 'success.main', outlineOffset: 1 } : {}),
      }}
      data-testid="match-card"
      data-match-id={p.id}
      data-highlighted={highlighted ? 'true' : undefined}
      data-stato={stato}
      data-sample={sample ? 'true' : undefined}
    >
      {onClick && !sample ? (
        // A plain button (not CardActionArea): the public page's bundle has no ButtonBase (docs/public-page.md).
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
