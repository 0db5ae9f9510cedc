import { useEffect, useMemo, useRef } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { normName } from '../../common/occupancy/rules';
import { PARTITA_TEXT_MAX } from '../../common/matches/read';
import type { Suggestion } from '../../common/matches/types';

/** Suggestions (docs/matches.md) load on focus, 300 ms after typing 2 or more characters; the list is 200 px high at most. */
export const SUGGEST_DEBOUNCE_MS = 300;
export const DROPDOWN_MAX_PX = 200;

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Asks for the names containing `search` ('' for the most used), e.g. a lazy query of src/api/suggestionsApi.ts. */
  load: (search: string) => void;
  /** The last answer of `load`, most used first. */
  suggestions: readonly Suggestion[] | undefined;
  /**
   * Names the screen already knows (the training form: the series' pitches), offered before the
   * suggestions; a suggestion naming one of them again (as the clash rules compare names) is left out.
   */
  known?: readonly string[];
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The text is selected when the field takes the focus: a value kept from the last match (the add form's pitch) is replaced by typing. */
  selectOnFocus?: boolean;
}

/** The dropdown's names: the suggestions', or with `known` those first and each name once. */
function optionNames(suggestions: readonly Suggestion[] | undefined, known: readonly string[] | undefined): string[] {
  const found = (suggestions ?? []).map((s) => s.name);
  if (!known) return found;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of [...known, ...found]) {
    const key = normName(name);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/**
 * A text field with a dropdown of names already used (most used first): MUI's Autocomplete in free
 * text mode, so the list follows the listbox pattern (ArrowDown/ArrowUp move, Enter picks, Esc
 * closes) and any other name may be typed. The match form's teams and pitch, the training form's pitch.
 */
export function SuggestionInput({ label, value, onChange, load, suggestions, known, required, error, disabled, autoFocus, selectOnFocus = false }: Props) {
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (typing.current) clearTimeout(typing.current);
    },
    [],
  );
  const options = useMemo(() => optionNames(suggestions, known), [suggestions, known]);
  return (
    <Autocomplete
      freeSolo
      disableClearable
      selectOnFocus={selectOnFocus}
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
          error={error}
          autoFocus={autoFocus}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, maxLength: PARTITA_TEXT_MAX } }}
        />
      )}
    />
  );
}
