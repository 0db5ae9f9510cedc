// The texts of the 'Convocazioni' screens made from a call-up's answer (docs/callups.md).
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import { CONVOCAZIONI_MSG } from '../../../common/callups/messages';
import type { ConvocazionePeriodo } from '../../../common/callups/types';
import { formatInstant } from '../../../common/core/dates';

const E = CONVOCAZIONI_MSG.elenco;

/** 'sab 05/12'. */
export const giornoBreve = (data: string) => dayjs(data).locale('it').format('ddd DD/MM');

/** How a call-up stands: 'Da preparare', 'Non inviata', 'Inviata · risposte entro …', 'Risposte chiuse'. */
export function statoOf(c: ConvocazionePeriodo, tz: string): { label: string; color: 'default' | 'warning' | 'info' | 'success' } {
  if (!c.salvata) return { label: E.daPreparare, color: 'warning' };
  if (!c.inviataIl) return { label: E.nonInviata, color: 'info' };
  if (Date.now() >= new Date(c.scadenza).getTime()) return { label: E.chiusa, color: 'default' };
  return { label: E.inviata(formatInstant(c.scadenza, tz)), color: 'success' };
}

