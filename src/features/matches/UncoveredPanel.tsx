import { useState } from 'react';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { DIRIGENTI_MSG, RUOLO_LABELS } from '../../../common/officials/messages';
import { liberiPer, type PersonaScoperte, type Ruolo } from '../../../common/officials/rules';
import type { DesignazioneConflitto, PartitaScoperta } from '../../../common/officials/types';
import { idsOf, personName, useGetScoperteQuery, useSaveDesignazioniMutation, type DesignazioniBody } from '../../api/designationsApi';
import { todayIn } from '../../../common/core/dates';
import { UNCOVERED_CHOICES, dayName, uncoveredCountUntil, uncoveredDefaultEnd, uncoveredEndAfter, uncoveredNoneUntil, type UncoveredChoice } from '../../../common/officials/window';
import { useClubConfig } from '../../store/useClubConfig';
import { ClashDialog } from './ClashWarnings';
import { designationFailure } from './DesignationsSection';

const teamsOf = (s: PartitaScoperta) => `${s.partita.squadracasa} - ${s.partita.squadratrasferta}`;

/** One uncovered match: when, who, and for each missing role the free qualified people (of the answer's `persone`) as one-click buttons. */
function UncoveredItem({
  item,
  persone,
  busy,
  onAssign,
}: {
  item: PartitaScoperta;
  persone: readonly PersonaScoperte[];
  busy: boolean;
  onAssign: (item: PartitaScoperta, ruolo: Ruolo, id: number) => void;
}) {
  const p = item.partita;
  const designati = idsOf(item.designazioni);
  return (
    <Box component="li" data-testid="uncovered-match" data-match-id={p.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {dayjs(p.data).format('DD/MM')} {p.ora.slice(0, 5)} · {teamsOf(item)}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          {p.gruppo} · {p.campo}
        </Typography>
      </Typography>
      {item.mancanti.map((ruolo) => {
        const liberi = liberiPer(ruolo, persone, designati, item.occupati);
        return (
          <Box key={ruolo} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
            <Typography variant="body2" color="error.main" sx={{ minWidth: 170 }}>
              {DIRIGENTI_MSG.missing(RUOLO_LABELS[ruolo])}
            </Typography>
            {liberi.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {DIRIGENTI_MSG.noFreePeople}
              </Typography>
            ) : (
              liberi.map((d) => (
                <Button
                  key={d.id}
                  size="small"
                  variant="outlined"
                  disabled={busy}
                  aria-label={DIRIGENTI_MSG.assignTo(personName(d), RUOLO_LABELS[ruolo], teamsOf(item))}
                  onClick={() => onAssign(item, ruolo, d.id)}
                  sx={{ py: 0, textTransform: 'none' }}
                >
                  {DIRIGENTI_MSG.assign} {personName(d)}
                </Button>
              ))
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** The panel's window: the value of its choice ('weekend': through the Sunday after next) and the query's `giorni`. */
const giorniOf = (choice: UncoveredChoice) => (choice === 'weekend' ? null : choice);

/**
 * 'Partite scoperte' on the signed-in dashboard (docs/officials.md; editors and admins): the coming
 * matches missing a required role, by default through the Sunday after next (common/officials/window.ts),
 * or 7, 14 or 30 days. Folded to one line with the count, so the matches stay on the first screen; on a
 * phone an empty panel is not shown at all. Unfolded, each missing role offers the free qualified people
 * ('Assegna': the PUT keeps the other roles as they are). A match fully covered leaves the list (the
 * 'Designation' tag).
 */
export function UncoveredPanel() {
  const { enqueueSnackbar } = useSnackbar();
  const { timezone } = useClubConfig();
  const [choice, setChoice] = useState<UncoveredChoice>('weekend');
  const { data, isLoading, isError } = useGetScoperteQuery(giorniOf(choice));
  const [open, setOpen] = useState(false);
  const [save, { isLoading: saving }] = useSaveDesignazioniMutation();
  const [asking, setAsking] = useState<{ id: number; body: DesignazioniBody; conflitti: DesignazioneConflitto[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (isLoading || isError || !data) return null;

  const send = async (id: number, body: DesignazioniBody) => {
    setProblem(null);
    try {
      await save({ id, body }).unwrap();
      enqueueSnackbar(DIRIGENTI_MSG.designationsSaved, { variant: 'success' });
    } catch (err) {
      const failure = designationFailure(err);
      if ('conflitti' in failure) setAsking({ id, body, conflitti: failure.conflitti });
      else setProblem(failure.message);
    }
  };
  const assign = (item: PartitaScoperta, ruolo: Ruolo, personId: number) => void send(item.partita.id, { ...idsOf(item.designazioni), [ruolo]: personId });

  const today = todayIn(timezone);
  const items = data.items;
  // The window as the server answered it (else as this screen counts it, from the club's today).
  const fino = data.fino ?? (choice === 'weekend' ? uncoveredDefaultEnd(today) : uncoveredEndAfter(today, choice));
  const count = items.length;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="uncovered-title"
      data-testid="uncovered-panel"
      // Nothing to do: on a phone the matches come first.
      sx={{ px: 2, py: 0.75, mb: 2, display: { xs: count === 0 ? 'none' : 'block', sm: 'block' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap', minHeight: 32 }}>
        <Typography id="uncovered-title" variant="subtitle2" component="h2">
          {DIRIGENTI_MSG.uncoveredTitle} ({count})
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="uncovered-summary">
          {count === 0 ? uncoveredNoneUntil(fino) : uncoveredCountUntil(count, fino)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <TextField
          select
          size="small"
          label={DIRIGENTI_MSG.uncoveredWindow}
          value={String(choice)}
          onChange={(e) => setChoice(e.target.value === 'weekend' ? 'weekend' : (Number(e.target.value) as UncoveredChoice))}
          sx={{ minWidth: 200, my: 0.5 }}
          slotProps={{ select: { name: 'uncovered-window' } }}
        >
          {UNCOVERED_CHOICES.map((c) => (
            <MenuItem key={c} value={String(c)}>
              {c === 'weekend' ? DIRIGENTI_MSG.uncoveredUntil(dayName(uncoveredDefaultEnd(today))) : DIRIGENTI_MSG.uncoveredDays(c)}
            </MenuItem>
          ))}
        </TextField>
        {count > 0 && (
          <Button size="small" aria-expanded={open} aria-controls="uncovered-list" onClick={() => setOpen((o) => !o)}>
            {open ? DIRIGENTI_MSG.uncoveredHide : DIRIGENTI_MSG.uncoveredShow}
          </Button>
        )}
      </Box>
      {problem && (
        <Alert severity="error" sx={{ my: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      {open && count > 0 && (
        <Box component="ul" id="uncovered-list" sx={{ m: 0, p: 0, maxHeight: 320, overflowY: 'auto' }}>
          {items.map((item) => (
            <UncoveredItem key={item.partita.id} item={item} persone={data.persone} busy={saving} onAssign={assign} />
          ))}
        </Box>
      )}
      <ClashDialog
        clashes={asking?.conflitti ?? null}
        intro={DIRIGENTI_MSG.conflictIntro}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          const again = asking;
          setAsking(null);
          if (again) void send(again.id, { ...again.body, confermaSovrapposizioni: true });
        }}
      />
    </Paper>
  );
}
