import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPORT_MSG, formatLongDate } from '../../../common/export/rules';
import { countLine } from '../../../common/matches/meaning';
import { useLazyGetDayPreviewQuery } from './exportApi';
import { DateField, EmptyNotice, HomeAwayColumns, PanelStatus, PreviewArea, PreviewPdfButtons, S } from './ExportParts';
import { usePreviewPanel } from './usePreviewPanel';
import { DayTeamSheets } from '../../components/teamsheet/DayTeamSheets';

interface Props {
  today: string;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
}

/** Giorno (docs/export.md): one date, its preview titled with the date and total, home and away columns, the day PDF. */
export function DayPanel({ today, disabled, onBusyChange }: Props) {
  const { date, pick, off, shown, buttons, status, area } = usePreviewPanel({
    today,
    disabled,
    onBusyChange,
    lazy: useLazyGetDayPreviewQuery(),
    required: EXPORT_MSG.dayRequired,
    isCurrent: (preview, picked) => preview.date === picked,
    request: (picked) => ({ kind: 'dayPdf', date: picked }),
  });

  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <DateField label={S.day} name="date" value={date} disabled={off} onChange={pick} />
        <PreviewPdfButtons {...buttons} />
      </Stack>

      <PanelStatus {...status} />

      <PreviewArea {...area}>
        {shown !== null && (
          <>
            <Typography variant="h6" component="h2">
              {EXPORT_MSG.dayTitle}: {formatLongDate(shown.date)} · {countLine([...shown.casa, ...shown.trasferta])}
            </Typography>
            {shown.total === 0 ? (
              <EmptyNotice />
            ) : (
              <Box sx={{ mt: 1 }}>
                <HomeAwayColumns casa={shown.casa} trasferta={shown.trasferta} hideEmptySide />
              </Box>
            )}
            <DayTeamSheets date={shown.date} matches={[...shown.casa, ...shown.trasferta]} />
          </>
        )}
      </PreviewArea>
    </Box>
  );
}
