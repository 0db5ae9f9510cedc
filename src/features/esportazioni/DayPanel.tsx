import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPORT_MSG, formatLongDate } from '../../../common/esportazioni/rules';
import { countLine } from '../../../common/partite/meaning';
import { useLazyGetDayPreviewQuery } from './exportApi';
import { DateField, EmptyNotice, HomeAwayColumns, PanelStatus, PreviewArea, PreviewPdfButtons, S } from './parts';
import { useDatePanel } from './useDatePanel';

interface Props {
  today: string;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
}

/** Giorno (spec 2): one date, its preview titled with the date and total, home and away columns, the day PDF. */
export function DayPanel({ today, disabled, onBusyChange }: Props) {
  const lazy = useLazyGetDayPreviewQuery();
  const [trigger, preview] = lazy;
  const { date, pick, busy, loadPreview, run, running, progressLabel } = useDatePanel(today, onBusyChange, lazy);

  const invalid = date ? null : EXPORT_MSG.dayRequired;
  const shown = preview.currentData ?? null;
  const shownIsCurrent = shown !== null && shown.date === date;
  const off = disabled || busy;

  const exportPdf = () => run({ kind: 'dayPdf', date }, async () => (shownIsCurrent ? shown.total > 0 : (await trigger(date).unwrap()).total > 0));

  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <DateField label={S.day} name="date" value={date} disabled={off} onChange={pick} />
        <PreviewPdfButtons
          off={off || !!invalid}
          empty={shownIsCurrent && shown.total === 0}
          running={running !== null}
          onPreview={() => void loadPreview()}
          onPdf={() => void exportPdf()}
        />
      </Stack>

      <PanelStatus invalid={invalid} progressLabel={progressLabel} running={running !== null} preview={preview} />

      <PreviewArea shown={shown !== null} preview={preview}>
        {shown !== null && (
          <>
            <Typography variant="h6" component="h2">
              {EXPORT_MSG.dayTitle}: {formatLongDate(shown.date)} · {countLine([...shown.casa, ...shown.trasferta])}
            </Typography>
            {shown.total === 0 ? (
              <EmptyNotice />
            ) : (
              <Box sx={{ mt: 1 }}>
                <HomeAwayColumns casa={shown.casa} trasferta={shown.trasferta} />
              </Box>
            )}
          </>
        )}
      </PreviewArea>
    </Box>
  );
}
