import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import { useGetGiocatoriVisibiliQuery } from '../../api/callupsApi';

const S = CONVOCAZIONI_MSG.screen;

/** A player one may call from another category than the match's ('fuori quota'). */
export interface OtherPlayer {
  id: number;
  nome: string;
  cognome: string;
  gruppo: string;
}

/**
 * 'Aggiungi fuori quota (altre categorie)': the players of the other categories the coach
 * follows (the server checks again), read only once the list is opened, grouped by category.
 */
export function OtherCategoryPicker({ gruppo, exclude, disabled, onPick }: { gruppo: string; exclude: readonly number[]; disabled: boolean; onPick: (p: OtherPlayer) => void }) {
  const [wanted, setWanted] = useState(false);
  const { data = [], isFetching } = useGetGiocatoriVisibiliQuery(undefined, { skip: !wanted });
  const options = data
    .filter((p) => p.gruppo !== gruppo && !exclude.includes(p.id))
    .sort((a, b) => a.gruppo.localeCompare(b.gruppo) || a.cognome.localeCompare(b.cognome) || a.nome.localeCompare(b.nome));
  return (
    <Autocomplete
      options={options}
      value={null}
      disabled={disabled}
      onOpen={() => setWanted(true)}
      loading={isFetching}
      loadingText={S.fuoriQuotaCaricamento}
      noOptionsText={S.fuoriQuotaNessuno}
      groupBy={(p) => p.gruppo}
      getOptionLabel={(p) => `${p.cognome} ${p.nome}`}
      onChange={(_e, p) => p && onPick({ id: p.id, nome: p.nome, cognome: p.cognome, gruppo: p.gruppo })}
      blurOnSelect
      clearOnBlur
      sx={{ mt: 1, maxWidth: 480 }}
      renderInput={(params) => <TextField {...params} size="small" label={S.fuoriQuotaCerca} />}
    />
  );
}
