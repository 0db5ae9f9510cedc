import { useEffect, useRef } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Suggestion } from '../../../common/partite/types';

/** Suggestions (docs/partite.md) load on focus, 300 ms after typing 2 or more characters; the list is 200 px high at most. */
export const SUGGEST_DEBOUNCE_MS = 300;
export const DROPDOWN_MAX_PX = 200;

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  load: (search: string) => void;
  suggestions: Suggestion[] | undefined;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * A text field with a dropdown of names already used (most used first): MUI's Autocomplete in free
 * text mode, so the list follows the listbox pattern (ArrowDown/ArrowUp move, Enter picks, Esc
 * closes) and any other name may be typed.
 */
export function SuggestionInput({ label, value, onChange, load, suggestions, required, disabled, autoFocus }: Props) {
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (typing.current) clearTimeout(typing.current);
    },
    [],
  );
  const options = (suggestions ?? []).map((s) => s.name);
  return (
    <Autocomplete
      freeSolo
      disableClearable
      options={options}
      // The server filters by what was typed (300 ms later); meanwhile its last answer narrows here.
      filterOptions={(o) => {
        const typed = value.trim().toLocaleLowerCase('it');
        return o.filter((name) => name !== value && (typed.length < 2 || name.toLocaleLowerCase('it').includes(typed)));
      }}
      inputValue={value}
      value={value}
      disabled={disabled}
      onInputChange={(_e, next, reason) => {
        if (reason === 'reset' && next === value) return;
        onChange(next);
        if (reason !== 'input') return;
        if (typing.current) clearTimeout(typing.current);
        if (next.trim().length >= 2) typing.current = setTimeout(() => load(next.trim()), SUGGEST_DEBOUNCE_MS);
      }}
      onChange={(_e, picked) => {
        if (typeof picked === 'string') onChange(picked);
      }}
      onOpen={() => load(value.trim().length >= 2 ? value.trim() : '')}
      slotProps={{ listbox: { sx: { maxHeight: DROPDOWN_MAX_PX }, 'aria-label': label } as object }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          autoFocus={autoFocus}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, maxLength: 100 } }}
        />
      )}
    />
  );
}
