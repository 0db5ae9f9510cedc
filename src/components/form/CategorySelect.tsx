import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';

interface Props {
  label: string;
  /** The category chosen ('' for none). */
  value: string;
  onChange: (name: string) => void;
  /** The names offered, in order. */
  categories: readonly string[];
  /** Whether the list has been read: only then does an empty list show `noCategories`, a link to Categorie. */
  loaded: boolean;
  noCategories: string;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * A form's required category, chosen from the club's categories; with none yet, a link to the screen that
 * creates them (the match and the training forms).
 */
export function CategorySelect({ label, value, onChange, categories, loaded, noCategories, error, disabled, autoFocus }: Props) {
  return (
    <TextField
      select
      fullWidth
      required
      autoFocus={autoFocus}
      label={label}
      value={value}
      error={error}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      helperText={
        loaded && categories.length === 0 ? (
          <Link component={RouterLink} to={paths.groups.getHref()}>
            {noCategories}
          </Link>
        ) : undefined
      }
    >
      {categories.map((name) => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
