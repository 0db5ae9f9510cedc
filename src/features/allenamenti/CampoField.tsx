import { useEffect, useMemo, useRef } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { PARTITA_TEXT_MAX } from '../../../common/partite/read';
import { normName } from '../../../common/occupazione/rules';
import { useLazyGetCampiAllenamentoQuery } from './allenamentiApi';

/** As the match form's suggestions (spec 2 and 9): loaded on focus, 300 ms after typing 2 or more characters. */
const SUGGEST_DEBOUNCE_MS = 300;
const DROPDOWN_MAX_PX = 200;

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The pitches the series already use: offered first, before those of the matches. */
  known: readonly string[];
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The pitch: any name may be typed; the dropdown offers the series' pitches and those the matches use
 * (GET /api/campi/suggestions). MUI's Autocomplete in free text mode, so the list follows the listbox
 * pattern (ArrowDown/ArrowUp move, Enter picks, Esc closes).
 */
export function CampoField({ label, value, onChange, known, error, disabled, autoFocus }: Props) {
  const [load, suggestions] = useLazyGetCampiAllenamentoQuery();
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (typing.current) clearTimeout(typing.current);
    },
    [],
  );
  const options = useMemo(() => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const name of [...known, ...(suggestions.data ?? []).map((s) => s.name)]) {
      const key = normName(name);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      out.push(name);
    }
    return out;
  }, [known, suggestions.data]);
  return (
    <Autocomplete
      freeSolo
      disableClearable
      options={options}
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
        if (next.trim().length >= 2) typing.current = setTimeout(() => void load(next.trim(), true), SUGGEST_DEBOUNCE_MS);
      }}
      onChange={(_e, picked) => {
        if (typeof picked === 'string') onChange(picked);
      }}
      onOpen={() => void load(value.trim().length >= 2 ? value.trim() : '', true)}
      slotProps={{ listbox: { sx: { maxHeight: DROPDOWN_MAX_PX }, 'aria-label': label } as object }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          error={error}
          autoFocus={autoFocus}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps?.htmlInput, maxLength: PARTITA_TEXT_MAX } }}
        />
      )}
    />
  );
}
