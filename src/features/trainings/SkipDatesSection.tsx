import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { ALLENAMENTI_MSG } from '../../../common/trainings/messages';
import { giornoLabel, occurrencesOf, weekdayOf } from '../../../common/trainings/rules';
import { isIsoDate } from '../../../common/core/date-text';
import { dateValue, isoDate } from '../../components/form/pickerValues';
import { capitalized, formatDate, type FormValues } from './grid';

const M = ALLENAMENTI_MSG;

/**
 * A date of the series' weekday within its period, for the skipped dates ('Data da saltare' and
 * 'Fino al'): a day picked in the calendar is reported at once (`onPicked`), Enter adds instead of
 * saving the form (the pickers' own Enter submits it).
 */
function SkipDateField(props: {
  label: string;
  name: string;
  value: string;
  min: string;
  max: string;
  giorno: number | null;
  disabled: boolean;
  error?: string | null;
  helperText?: string;
  onChange: (iso: string) => void;
  onPicked: (iso: string) => void;
  onEnter: () => void;
}) {
  const { giorno } = props;
  return (
    <DatePicker
      label={props.label}
      value={dateValue(props.value)}
      minDate={dateValue(props.min) ?? undefined}
      maxDate={dateValue(props.max) ?? undefined}
      shouldDisableDate={(d) => giorno !== null && weekdayOf(d.format('YYYY-MM-DD')) !== giorno}
      disabled={props.disabled}
      onChange={(d) => props.onChange(isoDate(d))}
      onAccept={(d, context) => {
        if (context.source === 'view') props.onPicked(isoDate(d));
      }}
      slotProps={{
        textField: {
          size: 'small',
          name: props.name,
          error: !!props.error,
          helperText: props.error ?? props.helperText,
          sx: { width: 220 },
          onKeyDown: (e) => {
            if (e.key !== 'Enter') return;
            (e as typeof e & { defaultMuiPrevented?: boolean }).defaultMuiPrevented = true;
            e.preventDefault();
            props.onEnter();
          },
        },
      }}
    />
  );
}

/**
 * The series' skipped dates (docs/trainings.md): one date, or every date of its weekday up to
 * 'Fino al', added to the list (the form's `saltate`); each listed date can be removed. A date typed
 * and not added yet counts as unsaved input (`onDraftChange`).
 */
export function SkipDatesSection({ disabled, onDraftChange }: { disabled: boolean; onDraftChange: (hasDraft: boolean) => void }) {
  const { control, setValue } = useFormContext<FormValues>();
  const [giorno, dal, al, saltate] = useWatch({ control, name: ['giorno', 'dal', 'al', 'saltate'] });
  const [skipDraft, setSkipDraft] = useState('');
  /** 'fino al': the end of a range of dates to skip (every date of the series' weekday from skipDraft to it). */
  const [skipTo, setSkipTo] = useState('');
  const [skipError, setSkipError] = useState<string | null>(null);
  useEffect(() => onDraftChange(skipDraft !== ''), [onDraftChange, skipDraft]);
  const setSaltate = (dates: string[]) => setValue('saltate', dates, { shouldDirty: true });

  const added = (dates: string[]) => {
    setSkipError(null);
    setSkipDraft('');
    setSkipTo('');
    setSaltate([...saltate, ...dates].sort());
  };
  const addSkip = (date: string, to: string = skipTo) => {
    if (!isIsoDate(date)) return setSkipError(M.invalid.data);
    if (to) {
      // A range: every date the series trains on from one to the other (docs/trainings.md).
      if (!isIsoDate(to)) return setSkipError(M.invalid.data);
      if (to < date) return setSkipError(M.invalid.periodo);
      if (giorno === null) return setSkipError(M.invalid.saltate);
      const dates = occurrencesOf({ giorno, dal, al, saltate: [] }, date, to);
      if (dates.length === 0) return setSkipError(M.skipNotInPeriod(giornoLabel(giorno)));
      const fresh = dates.filter((d) => !saltate.includes(d));
      if (fresh.length === 0) return setSkipError(M.skipDuplicate);
      return added(fresh);
    }
    const inPeriod = date >= dal && date <= al && (giorno === null || weekdayOf(date) === giorno);
    if (!inPeriod) return setSkipError(giorno === null ? M.invalid.saltate : M.skipNotInPeriod(giornoLabel(giorno)));
    if (saltate.includes(date)) return setSkipError(M.skipDuplicate);
    added([date]);
  };

  return (
    <Box role="group" aria-labelledby="allenamento-saltate-label">
      <Typography id="allenamento-saltate-label" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {M.fields.saltate}
      </Typography>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
        <SkipDateField
          label={M.skipDate}
          name="saltata"
          value={skipDraft}
          min={dal}
          max={al}
          giorno={giorno}
          disabled={disabled}
          error={skipError}
          onChange={(d) => {
            setSkipDraft(d);
            setSkipError(null);
          }}
          // A day picked in the calendar is added at once; a typed one with 'Aggiungi data' (or Enter).
          onPicked={(d) => {
            if (!skipTo) addSkip(d, '');
          }}
          onEnter={() => addSkip(skipDraft)}
        />
        <SkipDateField
          label={M.skipTo}
          name="saltataAl"
          value={skipTo}
          min={skipDraft || dal}
          max={al}
          giorno={giorno}
          disabled={disabled}
          helperText={M.skipToHint}
          onChange={(d) => {
            setSkipTo(d);
            setSkipError(null);
          }}
          // With the first date already there, a day picked in the calendar adds the range at once.
          onPicked={(d) => {
            if (skipDraft) addSkip(skipDraft, d);
          }}
          onEnter={() => addSkip(skipDraft)}
        />
        <Button variant="outlined" onClick={() => addSkip(skipDraft)} disabled={disabled || !skipDraft} sx={{ mt: 0.25 }}>
          {skipTo ? M.addSkipRange : M.addSkip}
        </Button>
      </Stack>
      {saltate.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {M.noSkips}
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby="allenamento-saltate-label" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {saltate.map((d) => (
            <Box component="li" key={d} data-testid="allenamento-saltata" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 1.5, border: 1, borderColor: 'divider', borderRadius: 4 }}>
              <Typography variant="body2">
                {capitalized(giornoLabel(weekdayOf(d)))} {formatDate(d)}
              </Typography>
              <IconButton size="small" aria-label={M.removeSkip(formatDate(d))} disabled={disabled} onClick={() => setSaltate(saltate.filter((x) => x !== d))}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
