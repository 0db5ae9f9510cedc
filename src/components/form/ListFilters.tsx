import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';

/** A list screen's select filter: its empty choice ('Tutti…') shown, the label always above it. */
export const FILTER_SLOTS = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** A list screen's search field: the magnifier before the text, at most `maxLength` characters. */
export const searchSlots = (maxLength: number) => ({
  input: {
    startAdornment: (
      <InputAdornment position="start">
        <SearchIcon fontSize="small" />
      </InputAdornment>
    ),
  },
  htmlInput: { maxLength },
});
