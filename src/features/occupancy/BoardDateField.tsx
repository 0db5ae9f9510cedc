import { useEffect, useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { FieldSelectedSections } from '@mui/x-date-pickers/models';

/** Years the board opens: a year still being typed ('0202' on the way to '2026') is not a day to show. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2199;
/**
 * A typed day or month is shown once the keys stop for this long, not at each digit (02/11, 28/01
 * on the way to 28/11); a year is the last part typed, so a whole one is shown at once.
 */
const TYPING_PAUSE_MS = 600;

export const isWholeDate = (d: Dayjs | null): d is Dayjs => !!d && d.isValid() && d.year() >= MIN_YEAR && d.year() <= MAX_YEAR;

export interface BoardDateFieldProps {
  label: string;
  /** 'YYYY-MM-DD' of the day shown. */
  value: string;
  onChange: (iso: string) => void;
}

/**
 * The board's date (docs/occupancy.md, the board): gg/mm/aaaa typed with the keyboard, with or without the
 * slashes. The field keeps what is being typed as its own draft and opens a day only once it is a
 * whole date (a four-digit year): at once when its year is typed, picked in the calendar, on Enter
 * or on leaving the field, else when the typing pauses. The draft is never replaced half-way by
 * the day of the address (which turned '2026' into '0202').
 * A click into the field from outside selects the whole date, as a text box would, so typing
 * 28112026 writes day, month and year wherever the click landed; a second click picks a part.
 */
export function BoardDateField({ label, value, onChange }: BoardDateFieldProps) {
  const [draft, setDraft] = useState<Dayjs | null>(() => dayjs(value));
  const [selected, setSelected] = useState<FieldSelectedSections>(null);
  const pointerEntry = useRef(false);
  const open = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The last valid date of the field (a part being typed, like the day '0' of '04', is no date).
  const lastValid = useRef<Dayjs>(dayjs(value));
  // The latest day and callback, for a commit that runs after the typing pause.
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });

  // The day changed elsewhere (previous, next, today, the address): show it, unless it is the draft's.
  useEffect(() => {
    setDraft((d) => (d && d.isValid() && d.format('YYYY-MM-DD') === value ? d : dayjs(value)));
    if (lastValid.current.format('YYYY-MM-DD') !== value) lastValid.current = dayjs(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (d: Dayjs | null) => {
    clearTimeout(timer.current);
    if (isWholeDate(d) && d.format('YYYY-MM-DD') !== latest.current.value) latest.current.onChange(d.format('YYYY-MM-DD'));
  };

  return (
    <Box
      sx={{ display: 'inline-flex' }}
      // A mouse press entering the field: the field's own handler (in between) asks for one section.
      onMouseDownCapture={(e) => {
        pointerEntry.current = !e.currentTarget.contains(document.activeElement);
      }}
      onMouseDown={() => {
        pointerEntry.current = false;
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(draft);
      }}
      onBlur={(e) => {
        if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
        // Leaving the field: a whole date is opened at once; anything else goes back to the day shown.
        if (isWholeDate(draft)) commit(draft);
        else setDraft(dayjs(value));
      }}
    >
      <DatePicker
        label={label}
        format="DD/MM/YYYY"
        value={draft}
        onChange={(d) => {
          const yearTyped = !!d && d.isValid() && d.year() !== lastValid.current.year();
          if (d && d.isValid()) lastValid.current = d;
          setDraft(d);
          clearTimeout(timer.current);
          if (!isWholeDate(d)) return;
          if (yearTyped) commit(d);
          else timer.current = setTimeout(() => commit(d), TYPING_PAUSE_MS);
        }}
        // A day picked in the calendar opens at once (the field's keys also 'accept' each value: they wait).
        onOpen={() => {
          open.current = true;
        }}
        onClose={() => {
          open.current = false;
        }}
        onAccept={(d) => {
          if (open.current) commit(d);
        }}
        selectedSections={selected}
        onSelectedSectionsChange={(s) => {
          setSelected(pointerEntry.current && typeof s === 'number' ? 'all' : s);
          pointerEntry.current = false;
        }}
        slotProps={{
          textField: {
            size: 'small',
            name: 'data',
            sx: { width: 180 },
          },
        }}
      />
    </Box>
  );
}
