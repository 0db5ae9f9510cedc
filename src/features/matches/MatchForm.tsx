import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { MSG } from '../../../common/core/messages';
import { isHomeTeam } from '../../../common/matches/read';
import type { FormMode } from '../../../common/matches/rules';
import type { ClashInfo } from '../../../common/occupancy/rules';
import { DIRIGENTI_MSG } from '../../../common/officials/messages';
import { PageHeader } from '../../components/PageFrame';
import { PickersProvider } from '../../components/PickersProvider';
import type { SavePayload } from './matchesApi';
import { ClashDialog, ClashList, ClosureWarning } from './ClashWarnings';
import type { FormValues } from './matchFormValues';
import { MatchRoomsFields } from './MatchRoomsFields';
import { MatchTeamsFields } from './MatchTeamsFields';
import { MatchWhenFields } from './MatchWhenFields';
import { useMatchForm } from './useMatchForm';

interface Props {
  mode: FormMode;
  title: string;
  initial: FormValues;
  /** Saving, deleting or done: every input and button is disabled. */
  busy: boolean;
  saveLabel: string;
  busyLabel: string;
  onSave: (payload: SavePayload) => void;
  onCancel: () => void;
  /** The match being edited (left out of its own clash check). */
  matchId?: number;
  /** Clashes the server answered to the last save (409): the dialog asks again. */
  serverConflicts?: ClashInfo[] | null;
  onConflictsClose?: () => void;
  /** Extra buttons (delete on the edit screen). */
  actions?: ReactNode;
  /** Add form: 'Salva e aggiungi un'altra' (docs/planning.md), the same checks as a save. */
  onSaveAnother?: (payload: SavePayload) => void;
  /** The add form: the first empty field (date, start, home team) takes the focus when the form opens. */
  focusFirstEmpty?: boolean;
  /** 'Trova uno slot' by the date and times (docs/trainings.md): the edit form offers it. */
  slotFinder?: boolean;
  /** Shown over the fields (the edit form opened with a chosen slot's values). */
  notice?: ReactNode;
  /** More of the form under the match's fields, saved by the same button (the edit screen's designations). */
  children?: ReactNode;
  /** Something in `children` cannot be saved as it is (its own warning says why): the save waits. */
  blocked?: boolean;
  /** Whether the values differ from `initial` (react-hook-form's isDirty, for the page's unsaved-changes guard, docs/screens.md); false again when the form goes. */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The add/edit form (docs/matches.md): Italian pickers, suggestions, home fields, the shared validation
 * rules. The state lives in useMatchForm (react-hook-form); the sections are when and where, teams, and
 * a home match's end and rooms.
 */
export function MatchForm({ title, busy, saveLabel, busyLabel, onCancel, actions, onSaveAnother, focusFirstEmpty = false, slotFinder = false, notice, children, blocked = false, ...options }: Props) {
  const m = useMatchForm({ ...options, busy, blocked, onSaveAnother, focusFirstEmpty });
  const invalid = !m.valid;
  return (
    <PickersProvider>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 900 }}>
        <FormProvider {...m.form}>
          <form noValidate onSubmit={m.submit('save')}>
            {notice && <Box sx={{ mb: 2 }}>{notice}</Box>}
            <Grid container spacing={2}>
              <MatchWhenFields
                busy={busy}
                today={m.today}
                home={m.home}
                homeFixed={isHomeTeam(m.values.squadraCasa, m.clubName)}
                typing={m.typing}
                slotFinder={slotFinder ? { query: m.slotQuery, onChoose: m.chooseSlot } : undefined}
              />
              <MatchTeamsFields busy={busy} typing={m.typing} selectPitch={focusFirstEmpty} />
              {m.home && <MatchRoomsFields busy={busy} endProposed={m.endProposed} />}
            </Grid>
            {children}
            <ClosureWarning avviso={m.avviso} />
            <ClashList clashes={m.clashes} />
            {m.problem && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="form-error">
                {m.problem}
              </Alert>
            )}
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              {actions}
              <Button onClick={onCancel} disabled={busy}>
                {MSG.match.cancel}
              </Button>
              {onSaveAnother && (
                <Button variant="outlined" disabled={invalid || busy} onClick={m.submit('another')}>
                  {MSG.match.saveAndAddAnother}
                </Button>
              )}
              <Button type="submit" variant="contained" disabled={invalid || busy || blocked}>
                {busy ? busyLabel : invalid ? MSG.match.completeFields : saveLabel}
              </Button>
            </Stack>
          </form>
        </FormProvider>
        <ClashDialog
          clashes={m.dialogClashes}
          // Only officials' clashes (the save's designations, docs/officials.md): the dialog says so.
          intro={m.dialogClashes?.length && m.dialogClashes.every((c) => c.motivo === 'persona') ? DIRIGENTI_MSG.conflictIntro : undefined}
          onClose={m.closeDialog}
          onConfirm={m.confirm}
        />
      </Paper>
    </PickersProvider>
  );
}
