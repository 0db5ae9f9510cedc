import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CHIUSURE_MSG as M } from '../../../common/closures/messages';
import { CHIUSURA_NOME_MAX, chiusuraBodySchema, type Chiusura, type ChiusuraPayload } from '../../../common/closures/rules';
import type { FormDialogControls } from '../../components/form/FormDialog';
import { ProblemAlert, SaveButton, ServerErrorAlert, useFormSubmit } from '../../components/form/FormSubmit';
import { refusalMessage } from '../../api/api';
import { schemaResolver, useSchemaCheck } from '../../components/form/schemaForm';
import { useNotify } from '../../components/Toasts';
import { useCreateChiusuraMutation, useUpdateChiusuraMutation } from './closuresApi';

const resolver = schemaResolver<ChiusuraPayload, ChiusuraPayload>(chiusuraBodySchema);

/** A closure's form (docs/trainings.md, 'Chiusure del club') on react-hook-form, validated as the API does (common/closures/rules.ts). */
export function ClosureForm({ chiusura, onClose, controls }: { chiusura: Chiusura | null; onClose: () => void; controls: FormDialogControls }) {
  const form = useForm<ChiusuraPayload, unknown, ChiusuraPayload>({
    defaultValues: chiusura ? { nome: chiusura.nome, dal: chiusura.dal, al: chiusura.al } : { nome: '', dal: '', al: '' },
    resolver,
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const { control, getValues, setValue, subscribe } = form;
  const [create] = useCreateChiusuraMutation();
  const [update] = useUpdateChiusuraMutation();
  const notify = useNotify();
  const { submit, saving, sending, serverError } = useFormSubmit(form, controls, {
    send: (body) => (chiusura ? update({ id: chiusura.id, body }).unwrap() : create(body).unwrap()),
    onSaved: () => {
      notify(chiusura ? M.updated : M.created, 'success');
      onClose();
    },
    refusal: (err) => refusalMessage(err, [400, 403, 404], M.saveError),
  });
  // The problem shows once something changed or a save was tried; the save waits until none.
  const { problem } = useSchemaCheck(form, chiusuraBodySchema);
  const dal = useWatch({ control, name: 'dal' });

  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          if (!name) return;
          // A start after the end (or no end yet) moves the end to it.
          const { dal, al } = getValues();
          if (name === 'dal' && (!al || al < dal)) setValue('al', dal, { shouldDirty: true });
        },
      }),
    [subscribe, getValues, setValue],
  );

  return (
    <Box component="form" noValidate onSubmit={submit('save')}>
      <DialogTitle id="chiusura-title">{chiusura ? M.edit : M.add}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ServerErrorAlert message={serverError} />
          <Controller
            name="nome"
            control={control}
            render={({ field }) => (
              <TextField
                label={M.fields.nome}
                name="nome"
                required
                autoFocus
                value={field.value}
                helperText={M.nomeHint}
                onChange={(e) => field.onChange(e.target.value)}
                slotProps={{ htmlInput: { maxLength: CHIUSURA_NOME_MAX } }}
              />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              name="dal"
              control={control}
              render={({ field }) => (
                <TextField label={M.fields.dal} name="dal" type="date" required fullWidth value={field.value} onChange={(e) => field.onChange(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
              )}
            />
            <Controller
              name="al"
              control={control}
              render={({ field }) => (
                <TextField
                  label={M.fields.al}
                  name="al"
                  type="date"
                  required
                  fullWidth
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dal || undefined } }}
                />
              )}
            />
          </Stack>
          <ProblemAlert problem={problem} testId="chiusura-problem" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={controls.requestClose} disabled={saving}>
          {M.cancel}
        </Button>
        <SaveButton saving={saving} spinning={sending} disabled={saving || !!problem} label={M.save} savingLabel={M.saving} />
      </DialogActions>
    </Box>
  );
}
