import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router-dom';
import { CONVOCAZIONI_LABEL, CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import type { ConvocazionePeriodo } from '../../../common/callups/types';
import { giornoBreve, statoOf } from './callupText';
import { todayIn } from '../../../common/core/dates';
import { errorMessage } from '../../api/api';
import { CALLUP_POLLING_MS, useGetConvocazioniPeriodoQuery } from '../../api/callupsApi';
import { PageHeader } from '../../components/PageFrame';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../store/hooks';
import { selectTimezone } from '../../store/configSlice';

const M = CONVOCAZIONI_MSG;
const E = M.elenco;
/** How far ahead the screen looks (the API takes at most 62 days). */
export const SETTIMANE = 4;

type Voce = ConvocazionePeriodo & { id: number };

/**
 * 'Convocazioni' (docs/callups.md, docs/screens.md): the coming weeks' matches of the categories one follows
 * (the server picks them), each with its call-up's counts and how it stands, read again every 30 seconds
 * while open. A match opens its call-up (/convocazioni/{id}): readers read it, editors prepare and send it.
 */
export default function CallupsPage() {
  const tz = useAppSelector(selectTimezone);
  const from = todayIn(tz);
  const to = dayjs(from).add(SETTIMANE * 7 - 1, 'day').format('YYYY-MM-DD');
  const { data, error, isLoading } = useGetConvocazioniPeriodoQuery({ from, to, tutte: true }, {
    pollingInterval: CALLUP_POLLING_MS,
    skipPollingIfUnfocused: true,
    // Back from a call-up, the counts are read again rather than shown as they were.
    refetchOnMountOrArgChange: true,
  });
  const voci: Voce[] = Object.entries(data ?? {})
    .map(([id, c]) => ({ ...c, id: Number(id) }))
    .sort((a, b) => a.partita.data.localeCompare(b.partita.data) || a.partita.ora.localeCompare(b.partita.ora) || a.id - b.id);
  return (
    <>
      <PageHeader
        title={CONVOCAZIONI_LABEL}
        beside={
          data && (
            <Typography color="text.secondary" data-testid="convocazioni-count">
              {E.count(voci.length)}
            </Typography>
          )
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {E.periodo(SETTIMANE)}
      </Typography>
      {isLoading && <Typography color="text.secondary">{E.loading}</Typography>}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && voci.length === 0 && (
        <Alert severity="info">
          {E.nessuna(SETTIMANE)} {E.nessunaCategoria}
        </Alert>
      )}
      {voci.length > 0 && (
        <Box component="ul" aria-label={CONVOCAZIONI_LABEL} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {voci.map((v) => (
            <VoceCard key={v.id} v={v} tz={tz} />
          ))}
        </Box>
      )}
    </>
  );
}

function VoceCard({ v, tz }: { v: Voce; tz: string }) {
  const p = v.partita;
  const partita = E.partita(p.squadracasa, p.squadratrasferta);
  const stato = statoOf(v, tz);
  return (
    <Paper component="li" variant="outlined" data-testid="convocazione-voce" data-match-id={v.id}>
      <CardActionArea component={RouterLink} to={paths.convocazione.getHref(String(v.id))} sx={{ p: 2, height: '100%' }}>
        <Typography variant="body2" color="text.secondary">
          {E.quando(giornoBreve(p.data), p.ora, p.gruppo)}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{partita}</Typography>
        <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {p.stato && <Chip size="small" color="error" label={p.stato} />}
          <Chip size="small" variant="outlined" color={stato.color} label={stato.label} />
          <Typography variant="body2" data-testid="convocazione-conteggi">
            {M.cardLine(v.convocati, v.si, v.no)}
          </Typography>
        </Stack>
      </CardActionArea>
    </Paper>
  );
}
