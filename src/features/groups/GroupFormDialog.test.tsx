import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { MSG } from '../../../common/core/messages';
import type { Gruppo, GruppoInput } from '../../../common/groups/rules';
import { NOTIFICHE_MSG } from '../../../common/notifications/rules';
import GroupFormDialog from './GroupFormDialog';

const referent = (n: number) => screen.getByRole('group', { name: MSG.groups.referent(n) });
const field = (n: number, label: string) => within(referent(n)).getByRole('textbox', { name: new RegExp(`^${label}`) });

describe('GroupFormDialog', () => {
  it('shows the validation messages of docs/groups.md under the fields and sends nothing while invalid', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async (_input: GruppoInput) => undefined);
    renderWithProviders(<GroupFormDialog open onSubmit={onSubmit} onClose={() => undefined} />);
    expect(screen.getByRole('heading', { name: MSG.groups.createTitle })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(screen.getByText(MSG.groups.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.groups.componentName(1))).toBeInTheDocument();
    expect(screen.getByText(MSG.groups.componentSurname(1))).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${MSG.groups.name}`) }), 'Pulcini');
    await user.type(field(1, 'Nome'), 'Mario');
    await user.type(field(1, 'Cognome'), 'Rossi');
    await user.type(field(1, 'Telefono'), '12345');
    expect(screen.queryByText(MSG.groups.nameRequired)).not.toBeInTheDocument();
    expect(screen.getByText(MSG.groups.phoneDigits)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MSG.groups.addReferent }));
    await user.type(field(2, 'Nome'), 'Anna');
    expect(screen.getByText(MSG.groups.componentSurname(2))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field(1, 'Telefono'));
    await user.type(field(1, 'Telefono'), '333 123 4567');
    await user.type(field(2, 'Cognome'), 'Bianchi');
    expect(screen.queryByText(MSG.groups.phoneDigits)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Pulcini',
      components: [
        { nome: 'Mario', cognome: 'Rossi', telefono: '3331234567', email: null, notifiche: 'nessuna' },
        { nome: 'Anna', cognome: 'Bianchi', telefono: null, email: null, notifiche: 'nessuna' },
      ],
      // The youngest categories have the club's referee by default (docs/officials.md).
      arbitroSocieta: true,
      // No birth years, the federation's usual team sheet (docs/players.md).
      annoDa: null,
      annoA: null,
      maxDistinta: 20,
    });
  });

  it('takes each referent\'s email and notifiche choice, checked with the shared rules', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async (_input: GruppoInput) => undefined);
    const gruppo: Gruppo = {
      id: 4,
      name: 'Allievi',
      created_at: '2026-01-01T10:00:00.000Z',
      components: [{ nome: 'Luca', cognome: 'Verdi', telefono: null, email: 'luca@example.it', notifiche: 'settimanale' }],
    };
    renderWithProviders(<GroupFormDialog open gruppo={gruppo} onSubmit={onSubmit} onClose={() => undefined} />);
    expect(field(1, 'Email')).toHaveValue('luca@example.it');
    const select = within(referent(1)).getByRole('combobox', { name: new RegExp(`^${NOTIFICHE_MSG.notificheLabel}`) });
    expect(select).toHaveTextContent('Riepilogo settimanale');

    await user.clear(field(1, 'Email'));
    await user.type(field(1, 'Email'), 'non-una-email');
    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(screen.getByText(NOTIFICHE_MSG.emailInvalid(1))).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field(1, 'Email'));
    await user.type(field(1, 'Email'), ' Luca.Verdi@Example.IT ');
    expect(screen.queryByText(NOTIFICHE_MSG.emailInvalid(1))).not.toBeInTheDocument();
    await user.click(select);
    const options = within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Ogni modifica', 'Riepilogo settimanale', 'Nessuna']);
    await user.click(screen.getByRole('option', { name: 'Nessuna' }));
    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Allievi',
      components: [{ nome: 'Luca', cognome: 'Verdi', telefono: null, email: 'luca.verdi@example.it', notifiche: 'nessuna' }],
      arbitroSocieta: false,
      annoDa: null,
      annoA: null,
      maxDistinta: 20,
    });
  });

  it("edits a category's birth years and team sheet size, checked with the shared rules", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async (_input: GruppoInput) => undefined);
    const gruppo: Gruppo = {
      id: 6,
      name: 'Pulcini',
      created_at: '2026-01-01T10:00:00.000Z',
      components: [{ nome: 'Luca', cognome: 'Verdi', telefono: null, email: null, notifiche: 'nessuna' }],
      arbitroSocieta: true,
      annoDa: 2016,
      annoA: 2017,
      maxDistinta: 18,
    };
    renderWithProviders(<GroupFormDialog open gruppo={gruppo} onSubmit={onSubmit} onClose={() => undefined} />);
    const box = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
    expect(box(MSG.groups.annoDa)).toHaveValue('2016');
    expect(box(MSG.groups.annoA)).toHaveValue('2017');
    expect(box(MSG.groups.maxDistinta)).toHaveValue('18');

    await user.clear(box(MSG.groups.annoDa));
    await user.type(box(MSG.groups.annoDa), '2018');
    await user.clear(box(MSG.groups.maxDistinta));
    await user.type(box(MSG.groups.maxDistinta), '0');
    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(screen.getByText(MSG.groups.anniOrdine)).toBeInTheDocument();
    expect(screen.getByText(MSG.groups.maxDistintaInvalid(99))).toBeInTheDocument();
    await user.clear(box(MSG.groups.annoDa));
    await user.type(box(MSG.groups.annoDa), '1850');
    expect(screen.getByText(MSG.groups.annoInvalid(MSG.groups.annoDa))).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // An emptied year is no year; the size as a number.
    await user.clear(box(MSG.groups.annoDa));
    await user.clear(box(MSG.groups.maxDistinta));
    await user.type(box(MSG.groups.maxDistinta), '22');
    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Pulcini', annoDa: null, annoA: 2017, maxDistinta: 22 }));
  });

  it("a referent without an email: 'Notifiche' disabled on 'Nessuna' with a hint; an email enables it", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async (_input: GruppoInput) => undefined);
    const gruppo: Gruppo = {
      id: 5,
      name: 'Allievi',
      created_at: '2026-01-01T10:00:00.000Z',
      // Stored before the rule: no email but 'Ogni modifica'.
      components: [{ nome: 'Dora', cognome: 'Gialli', telefono: null, email: null, notifiche: 'ogni_modifica' }],
    };
    renderWithProviders(<GroupFormDialog open gruppo={gruppo} onSubmit={onSubmit} onClose={() => undefined} />);
    const select = () => within(referent(1)).getByRole('combobox', { name: new RegExp(`^${NOTIFICHE_MSG.notificheLabel}`) });
    expect(select()).toHaveTextContent('Nessuna');
    expect(select()).toHaveAttribute('aria-disabled', 'true');
    expect(within(referent(1)).getByText(NOTIFICHE_MSG.notificheNoEmailHint)).toBeInTheDocument();

    await user.type(field(1, 'Email'), 'dora@example.it');
    expect(select()).not.toHaveAttribute('aria-disabled');
    expect(within(referent(1)).queryByText(NOTIFICHE_MSG.notificheNoEmailHint)).toBeNull();
    expect(select()).toHaveTextContent('Ogni modifica');

    await user.clear(field(1, 'Email'));
    expect(select()).toHaveTextContent('Nessuna');
    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ components: [expect.objectContaining({ email: null, notifiche: 'nessuna' })] }));
  });

  it("'Arbitro della società' follows a new category's name until set, and starts from the category being edited", async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async (_input: GruppoInput) => undefined);
    const { unmount } = renderWithProviders(<GroupFormDialog open onSubmit={onSubmit} onClose={() => undefined} />);
    const toggle = () => screen.getByRole('switch', { name: MSG.groups.arbitroSocieta });
    expect(toggle()).not.toBeChecked();
    await user.type(screen.getByRole('textbox', { name: new RegExp(`^${MSG.groups.name}`) }), 'Primi Calci');
    expect(toggle()).toBeChecked();
    await user.click(toggle());
    expect(toggle()).not.toBeChecked();
    await user.type(field(1, 'Nome'), 'Mario');
    await user.type(field(1, 'Cognome'), 'Rossi');
    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Primi Calci', arbitroSocieta: false }));
    unmount();

    const gruppo = { id: 5, name: 'Allievi', created_at: '2026-01-01T10:00:00.000Z', components: [{ nome: 'Luca', cognome: 'Verdi', telefono: null }], arbitroSocieta: true };
    renderWithProviders(<GroupFormDialog open gruppo={gruppo} onSubmit={onSubmit} onClose={() => undefined} />);
    expect(toggle()).toBeChecked();
    await user.click(toggle());
    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Allievi', arbitroSocieta: false }));
  });

  it('offers removing a referent only while more than one remains', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GroupFormDialog open onSubmit={async () => undefined} onClose={() => undefined} />);
    expect(screen.queryByRole('button', { name: MSG.groups.removeReferent(1) })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.groups.addReferent }));
    await user.type(field(2, 'Nome'), 'Anna');
    await user.click(screen.getByRole('button', { name: MSG.groups.removeReferent(1) }));
    expect(screen.queryByRole('group', { name: MSG.groups.referent(2) })).not.toBeInTheDocument();
    expect(field(1, 'Nome')).toHaveValue('Anna');
    expect(screen.queryByRole('button', { name: MSG.groups.removeReferent(1) })).not.toBeInTheDocument();
  });

  it('starts from the category being edited, cannot be closed while saving, and shows a server error', async () => {
    const user = userEvent.setup();
    const gruppo: Gruppo = {
      id: 3,
      name: 'Esordienti',
      created_at: '2026-01-01T10:00:00.000Z',
      components: [{ nome: 'Luca', cognome: 'Verdi', telefono: '051234567' }],
    };
    let fail: (err: Error) => void = () => undefined;
    const onSubmit = jest.fn(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    const onClose = jest.fn();
    renderWithProviders(<GroupFormDialog open gruppo={gruppo} onSubmit={onSubmit} onClose={onClose} />);
    expect(screen.getByRole('heading', { name: MSG.groups.editTitle })).toBeInTheDocument();
    expect(field(1, 'Telefono')).toHaveValue('051234567');

    await user.click(screen.getByRole('button', { name: MSG.groups.save }));
    expect(screen.getByRole('button', { name: MSG.groups.saving })).toBeDisabled();
    expect(screen.getByRole('button', { name: MSG.groups.cancel })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    fail(new Error(MSG.groups.duplicateName));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.groups.duplicateName);
    await waitFor(() => expect(screen.getByRole('button', { name: MSG.groups.cancel })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: MSG.groups.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
