import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPORT_MSG, formatWeekday, weekRange } from '../../../common/export/rules';
import { countLine } from '../../../common/matches/meaning';
import { useLazyGetWeekPreviewQuery } from './exportApi';
import { DateField, EmptyNotice, HomeAwayColumns, PanelStatus, PreviewArea, PreviewPdfButtons, S } from './ExportParts';
import { usePreviewPanel } from './usePreviewPanel';

interface Props {
  today: string;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
}

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase('it') + s.slice(1);

/**
 * Settimana (docs/export.md): any day picks its Monday-Sunday week; a weekly calendar preview
 * and the week PDF, with the week's trainings in a band at its foot when 'Includi allenamenti' is ticked.
 */
export function WeekPanel({ today, disabled, onBusyChange }: Props) {
  const [allenamenti, setAllenamenti] = useState(false);
  const { date: day, pick, off, shown, buttons, status, area } = usePreviewPanel({
    today,
    disabled,
    onBusyChange,
    lazy: useLazyGetWeekPreviewQuery(),
    required: EXPORT_MSG.weekRequired,
    isCurrent: (preview, picked) => preview.week.start === weekRange(picked).start,
    request: (picked) => ({ kind: 'weekPdf', weekStart: picked, ...(allenamenti ? { allenamenti: true } : {}) }),
  });
  const range = day ? weekRange(day) : null;

  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <DateField label={S.weekDay} name="weekStart" value={day} disabled={off} onChange={pick} />
        {range && (
          <Typography data-testid="week-range" sx={{ fontWeight: 600 }}>
            {EXPORT_MSG.week(range.start, range.end)}
          </Typography>
        )}
        <PreviewPdfButtons {...buttons} />
        <FormControlLabel
          control={<Checkbox name="allenamenti" checked={allenamenti} disabled={off} onChange={(e) => setAllenamenti(e.target.checked)} />}
          label={EXPORT_MSG.includeTrainings}
        />
      </Stack>

      <PanelStatus {...status} />

      <PreviewArea {...area}>
        {shown !== null && (
          <>
            <Typography variant="h6" component="h2">
              {EXPORT_MSG.weekTitle}: {EXPORT_MSG.week(shown.week.start, shown.week.end)}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {countLine([...shown.casa, ...shown.trasferta])} · {EXPORT_MSG.casaCount(shown.casa.length)} · {EXPORT_MSG.trasfertaCount(shown.trasferta.length)}
            </Typography>
            {shown.total === 0 ? (
              <EmptyNotice />
            ) : (
              <Stack spacing={1.5}>
                {shown.days.map((d) => {
                  const n = d.casa.length + d.trasferta.length;
                  return (
                    <Paper key={d.date} variant="outlined" sx={{ p: 1.5 }} data-testid="week-day">
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                        {capitalise(formatWeekday(d.date))} · {n === 0 ? EXPORT_MSG.noMatches : countLine([...d.casa, ...d.trasferta])}
                      </Typography>
                      {n > 0 && (
                        <>
                          <Divider sx={{ my: 1 }} />
                          <HomeAwayColumns casa={d.casa} trasferta={d.trasferta} />
                        </>
                      )}
                    </Paper>
                  );
                })}
              </Stack>
            )}
          </>
        )}
      </PreviewArea>
    </Box>
  );
}
