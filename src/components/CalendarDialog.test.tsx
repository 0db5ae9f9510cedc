import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CALENDAR_MSG } from '../../common/calendar/rules';
import CalendarDialog from './CalendarDialog';

// The dialog's switches choose the feed's address (docs/calendar.md): 'Solo partite in casa' adds
// ?casa=1, 'Includi allenamenti' ?allenamenti=1; the links and the QR code follow.
describe('CalendarDialog', () => {
  const https = () => screen.getByTestId<HTMLInputElement>('calendar-https').value;
  const webcal = () => screen.getByTestId<HTMLInputElement>('calendar-webcal').value;

  it("'Includi allenamenti' gives the category's address with its trainings, with or without 'Solo partite in casa'", async () => {
    const user = userEvent.setup();
    render(<CalendarDialog open onClose={() => undefined} categoryId={12} categoryName="Esordienti" />);
    const origin = window.location.origin;
    expect(https()).toBe(`${origin}/api/calendar/12.ics`);
    const trainings = screen.getByRole('switch', { name: CALENDAR_MSG.includeTrainings });
    expect(trainings).not.toBeChecked();
    expect(trainings).toHaveAccessibleDescription(CALENDAR_MSG.includeTrainingsHint);

    await user.click(trainings);
    expect(https()).toBe(`${origin}/api/calendar/12.ics?allenamenti=1`);
    expect(webcal()).toBe(`${origin.replace(/^https?:\/\//, 'webcal://')}/api/calendar/12.ics?allenamenti=1`);
    await user.click(screen.getByRole('switch', { name: CALENDAR_MSG.homeOnly }));
    expect(https()).toBe(`${origin}/api/calendar/12.ics?casa=1&allenamenti=1`);
    expect(await screen.findByTestId('calendar-qr')).toHaveAttribute('data-qr-text', `${origin}/api/calendar/12.ics?casa=1&allenamenti=1`);
    await user.click(trainings);
    expect(https()).toBe(`${origin}/api/calendar/12.ics?casa=1`);
  });

  it('the club feed takes the switch too', async () => {
    const user = userEvent.setup();
    render(<CalendarDialog open onClose={() => undefined} />);
    await user.click(screen.getByRole('switch', { name: CALENDAR_MSG.includeTrainings }));
    expect(https()).toBe(`${window.location.origin}/api/calendar.ics?allenamenti=1`);
  });
});
