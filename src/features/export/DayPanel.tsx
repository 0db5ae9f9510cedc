import { useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPORT_MSG, formatLongDate } from '../../../common/exports';
import { errorMessage } from '../../api/api';
import { useLazyGetDayPreviewQuery } from './exportApi';
import { DateField, EmptyNotice, ExportButton, HomeAwayColumns, PanelStatus, PreviewArea, PreviewButton, S } from './parts';
import { useExportRunner } from './useExportRunner';

interface Props {
  today: string;
  disabled: boolean;
  onBusyChange: (busy: boolean) => void;
}

/** Giorno (spec 2): one date, its preview titled with the date and total, home and away columns, the day PDF. */
export function DayPanel({ today, disabled, onBusyChange }: Props) {
  const [date, setDate] = useState(today);
  const touched = useRef(false);
  const [trigger, preview] = useLazyGetDayPreviewQuery();
  const { run, running, progressLabel } = useExportRunner();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (!touched.current) setDate(today);
  }, [today]);

  const busy = preview.isFetching || running !== null;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const invalid = date ? null : EXPORT_MSG.dayRequired;
  const shown = preview.currentData ?? null;
  const shownIsCurrent = shown !== null && shown.date === date;
  const off = disabled || busy;

  const loadPreview = async () => {
    try {
      await trigger(date).unwrap();
    } catch (e) {
      enqueueSnackbar(EXPORT_MSG.previewError(errorMessage(e)), { variant: 'error' });
    }
  };
  const exportPdf = () => run({ kind: 'dayPdf', date }, async () => (shownIsCurrent ? shown.total > 0 : (await trigger(date).unwrap()).total > 0));

  return (
    <Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <DateField
          label={S.day}
          name="date"
          value={date}
          disabled={off}
          onChange={(v) => {
            touched.current = true;
            setDate(v);
          }}
        />
        <PreviewButton disabled={off || !!invalid} onClick={() => void loadPreview()} />
        <ExportButton
          label={EXPORT_MSG.buttons.exportPdf}
          disabled={off || !!invalid || (shownIsCurrent && shown.total === 0)}
          running={running !== null}
          onClick={() => void exportPdf()}
        />
      </Stack>

      <PanelStatus invalid={invalid} progressLabel={progressLabel} running={running !== null} preview={preview} />

      <PreviewArea shown={shown !== null} preview={preview}>
        {shown !== null && (
          <>
            <Typography variant="h6" component="h2">
              {EXPORT_MSG.dayTitle}: {formatLongDate(shown.date)} · {EXPORT_MSG.total(shown.total)}
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
