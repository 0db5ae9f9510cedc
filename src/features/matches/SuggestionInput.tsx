import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import type { Suggestion } from './matchesApi';

/** Spec 2 and 9: suggestions load on focus, 300 ms after typing 2 or more characters; the list hides 150 ms after blur, 200 px high at most. */
export const SUGGEST_DEBOUNCE_MS = 300;
export const BLUR_HIDE_MS = 150;
export const DROPDOWN_MAX_PX = 200;

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  load: (search: string) => void;
  suggestions: Suggestion[] | undefined;
  required?: boolean;
  disabled?: boolean;
}

/** A text field with a dropdown of names already used (most used first). */
export function SuggestionInput({ label, value, onChange, load, suggestions, required, disabled }: Props) {
  const [open, setOpen] = useState(false);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const blur = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (typing.current) clearTimeout(typing.current);
      if (blur.current) clearTimeout(blur.current);
    },
    [],
  );
  const items = (suggestions ?? []).filter((s) => s.name !== value);
  return (
    <Box sx={{ position: 'relative' }}>
      <TextField
        fullWidth
        label={label}
        required={required}
        disabled={disabled}
        value={value}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 100 } }}
        onFocus={() => {
          if (blur.current) clearTimeout(blur.current);
          setOpen(true);
          load(value.trim().length >= 2 ? value.trim() : '');
        }}
        onBlur={() => {
          blur.current = setTimeout(() => setOpen(false), BLUR_HIDE_MS);
        }}
        onChange={(e) => {
          const next = e.target.value;
          onChange(next);
          setOpen(true);
          if (typing.current) clearTimeout(typing.current);
          if (next.trim().length >= 2) typing.current = setTimeout(() => load(next.trim()), SUGGEST_DEBOUNCE_MS);
        }}
      />
      {open && items.length > 0 && (
        <Paper
          elevation={4}
          role="listbox"
          aria-label={label}
          sx={{ position: 'absolute', zIndex: 10, left: 0, right: 0, mt: 0.5, maxHeight: DROPDOWN_MAX_PX, overflowY: 'auto' }}
        >
          <List dense disablePadding>
            {items.map((s) => (
              <ListItemButton
                key={s.name}
                role="option"
                // Keeps the focus in the field, so the click lands before the blur hides the list.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  onChange(s.name);
                  setOpen(false);
                }}
              >
                <ListItemText primary={s.name} secondary={`${s.usage_count}`} slotProps={{ secondary: { sx: { display: 'none' } } }} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
