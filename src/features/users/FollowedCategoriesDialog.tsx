import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useSnackbar } from 'notistack';
import type { User } from '../../../common/users/rules';
import { errorMessage } from '../../api/api';
import { useGetGruppiQuery } from '../../api/categoriesApi';
import { FormDialog, type FormDialogControls } from '../../components/form/FormDialog';
import { SaveButton, ServerErrorAlert, useFormSubmit } from '../../components/form/FormSubmit';
import { FOLLOWED_MSG as M } from '../../../common/players/messages';
import { useSetUserGruppiMutation } from './usersApi';

interface Values {
  tutte: boolean;
  gruppi: string[];
}

/** 'Categorie seguite' of a user (docs/players.md, who sees what): every category, present and future, or those ticked. */
export default function FollowedCategoriesDialog({ user, open, onClose }: { user: User | null; open: boolean; onClose: () => void }) {
  return (
    <FormDialog open={open} onClose={onClose} titleId="followed-categories-title" maxWidth="sm">
      {(_busy, controls) => user && <FollowedForm key={user.id} user={user} onClose={onClose} controls={controls} />}
    </FormDialog>
  );
}

function FollowedForm({ user, onClose, controls }: { user: User; onClose: () => void; controls: FormDialogControls }) {
  const { enqueueSnackbar } = useSnackbar();
  const { data, isError } = useGetGruppiQuery();
  const names = (data?.data ?? []).map((g) => g.name);
  const start = user.gruppiSeguiti ?? { tutte: false, gruppi: [] };
  const form = useForm<Values>({ defaultValues: { tutte: start.tutte, gruppi: [...start.gruppi] } });
  const [setUserGruppi] = useSetUserGruppiMutation();
  // The refusal stays until the next save; a successful one keeps the form disabled while the dialog fades out.
  const { submit, saving, serverError } = useFormSubmit(form, controls, {
    // In the club's order, as the list shows them.
    send: ({ tutte, gruppi }) => setUserGruppi({ id: user.id, body: tutte ? { tutte: true as const } : { gruppi: [...names.filter((n) => gruppi.includes(n)), ...gruppi.filter((g) => !names.includes(g))] } }).unwrap(),
    onSaved: (answer) => {
      enqueueSnackbar(answer.message, { variant: 'success' });
      onClose();
    },
    refusal: errorMessage,
    clearOnChange: false,
  });
  const { control } = form;
  const save = submit('save');
  return (
    <Box component="form" noValidate onSubmit={(e) => void save(e)} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <DialogTitle id="followed-categories-title">{M.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <DialogContentText>{M.intro(user.email)}</DialogContentText>
          {user.role === 'admin' && <Alert severity="info">{M.adminNote}</Alert>}
          <ServerErrorAlert message={serverError} />
          {isError && <Alert severity="error">{M.loadError}</Alert>}
          <Choices control={control} names={names} disabled={saving} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={controls.requestClose} disabled={saving}>
          {M.cancel}
        </Button>
        <SaveButton saving={saving} disabled={saving} label={M.save} savingLabel={M.saving} />
      </DialogActions>
    </Box>
  );
}

/** The switch 'every category' and, while it is off, one checkbox per category. */
function Choices({ control, names, disabled }: { control: Control<Values>; names: readonly string[]; disabled: boolean }) {
  const tutte = useController({ control, name: 'tutte' });
  const { field } = useController({ control, name: 'gruppi' });
  const all = useWatch({ control, name: 'tutte' });
  const chosen = field.value;
  const toggle = (name: string, on: boolean) => field.onChange(on ? [...chosen, name] : chosen.filter((g) => g !== name));
  return (
    <>
      <FormControlLabel control={<Switch checked={tutte.field.value} onChange={(e) => tutte.field.onChange(e.target.checked)} disabled={disabled} />} label={M.allSwitch} />
      <FormControl component="fieldset" disabled={disabled || all}>
        <FormLabel component="legend">{M.pick}</FormLabel>
        {names.length === 0 ? (
          <DialogContentText>{M.noCategories}</DialogContentText>
        ) : (
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {names.map((n) => (
              <FormControlLabel key={n} control={<Checkbox checked={all || chosen.includes(n)} onChange={(e) => toggle(n, e.target.checked)} />} label={n} />
            ))}
          </FormGroup>
        )}
      </FormControl>
    </>
  );
}
