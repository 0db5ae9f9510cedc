import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { MatchBadge } from './MatchBadge';
import { MSG } from '../../../common/messages';
import { isHomeTeam, type Partita } from '../../../common/partiteRead';
import { useClub } from '../../components/ClubContext';

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

/** A match card (spec 2): date, times, competition type, teams (club's highlighted), field, surface, rooms, category, CASA. */
export function MatchCard({ partita: p, onClick }: { partita: Partita; onClick?: () => void }) {
  const time = p.ora_fine ? `${hhmm(p.ora)} - ${hhmm(p.ora_fine)}` : hhmm(p.ora);
  const { clubName } = useClub();
  const rooms = p.is_house_match && p.spogliatoio_gari != null && p.spogliatoio_ospiti != null;
  const content = (
    <CardContent>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }} useFlexGap>
        <Typography variant="subtitle2">
          {formatDataIt(p.data)}
        </Typography>
        <Typography variant="subtitle2" color="text.secondary">
          {time}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {p.tipo_gara && <MatchBadge color={TIPO_COLOR[p.tipo_gara]} label={MSG.match.tipoGara[p.tipo_gara]} />}
        {p.is_house_match && <MatchBadge color="success" label={MSG.dashboard.home} />}
      </Stack>
      <Typography variant="h6" component="p" sx={{ fontSize: '1.05rem' }}>
        <Team name={p.squadracasa} club={isHomeTeam(p.squadracasa, clubName)} /> {MSG.dashboard.vs}{' '}
        <Team name={p.squadratrasferta} club={isHomeTeam(p.squadratrasferta, clubName)} />
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }} useFlexGap>
        <Typography variant="body2" color="text.secondary">
          {MSG.match.labels.campo}: {p.campo}
        </Typography>
        {p.terreno && <MatchBadge variant="outlined" label={MSG.match.terrenoLabel[p.terreno]} />}
        <MatchBadge variant="outlined" color="primary" label={p.gruppo} />
      </Stack>
      {rooms && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {MSG.dashboard.dressingRooms}: {MSG.dashboard.dressingRoomClub} {p.spogliatoio_gari} · {MSG.dashboard.dressingRoomGuests} {p.spogliatoio_ospiti}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" data-testid="match-card">
      {onClick ? <CardActionArea onClick={onClick}>{content}</CardActionArea> : content}
    </Card>
  );
}
