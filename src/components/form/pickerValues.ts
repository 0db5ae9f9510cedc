import dayjs from 'dayjs';
import { isIsoDate } from '../../../common/core/date-text';
import { isTime } from '../../../common/core/dates';

// The Italian pickers' values and what the forms hold: 'yyyy-mm-dd' and 'HH:mm', '' while not whole.

/** A date picker's value as a form holds it. */
export const isoDate = (d: dayjs.Dayjs | null) => (d && d.isValid() ? d.format('YYYY-MM-DD') : '');
/** A time picker's value as a form holds it. */
export const hhmm = (d: dayjs.Dayjs | null) => (d && d.isValid() ? d.format('HH:mm') : '');
/** A form's date as a picker's value. */
export const dateValue = (d: string) => (isIsoDate(d) ? dayjs(d) : null);
/** A form's time as a picker's value. */
export const timeValue = (t: string) => (isTime(t) ? dayjs(`2000-01-01T${t}`) : null);
