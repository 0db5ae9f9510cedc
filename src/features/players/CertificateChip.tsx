import Chip from '@mui/material/Chip';
import { PLAYERS_UI } from '../../../common/players/messages';
import type { StatoCertificato } from './certificate';

const C = PLAYERS_UI.chip;

/** The chip's words for a certificate's state. */
export function chipText(s: StatoCertificato): string {
  switch (s.stato) {
    case 'valido':
      return C.valido(s.scadenza);
    case 'in_scadenza':
      return C.in_scadenza(s.scadenza);
    case 'tipo_in_scadenza':
      return C.tipo_in_scadenza(s.dal);
    case 'scaduto':
      return C.scaduto(s.scadenza);
    case 'tipo_non_valido':
      return C.tipo_non_valido;
    case 'mancante':
      return C.mancante;
  }
}

// Text colours dark enough on the light chip backgrounds (WCAG AA at 13 px), as the error log's chips.
const LOOK: Record<StatoCertificato['stato'], { color: 'success' | 'warning' | 'error'; variant: 'filled' | 'outlined'; sx?: object }> = {
  valido: { color: 'success', variant: 'outlined', sx: { color: '#1b5e20', borderColor: '#2e7d32' } },
  in_scadenza: { color: 'warning', variant: 'outlined', sx: { color: '#8a4b00', borderColor: '#8a4b00' } },
  tipo_in_scadenza: { color: 'warning', variant: 'outlined', sx: { color: '#8a4b00', borderColor: '#8a4b00' } },
  scaduto: { color: 'error', variant: 'filled' },
  tipo_non_valido: { color: 'error', variant: 'filled' },
  mancante: { color: 'error', variant: 'outlined', sx: { color: '#b71c1c', borderColor: '#c62828' } },
};

/** A certificate's state as a coloured chip with its date: green valid, orange expiring, red expired, missing or not enough. */
export function CertificateChip({ stato }: { stato: StatoCertificato }) {
  const look = LOOK[stato.stato];
  return <Chip size="small" label={chipText(stato)} color={look.color} variant={look.variant} sx={look.sx} data-testid="certificato-chip" data-stato={stato.stato} />;
}
