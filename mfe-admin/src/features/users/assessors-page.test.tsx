import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAdminApi } from '../../testing/fake-api';
import { adminUserFixture } from '../../testing/fixtures';
import { renderAdminPage } from '../../testing/render-page';
import { AssessorsPage } from './assessors-page';

// Typing a whole form under jsdom takes longer than the default five seconds.
jest.setTimeout(30_000);

const expert = adminUserFixture({ first_name: 'Estelle', last_name: 'Expert', role: 'expert', specialist_kind: 'expert' });

describe('assessors', () => {
  it('lists experts with their workload and creates one, showing the server’s field errors', async () => {
    let taken = true;
    const calls = fakeAdminApi({
      'GET admin/users/summary': () => ({ body: { total: 1, new_this_week: 0, awaiting_verification: 1, suspended: 0 } }),
      'GET admin/users': () => ({ body: { data: [expert], meta: { page: 1, page_size: 20, total: 1 } } }),
      'GET admin/experts': () => ({ body: { data: [{ ...expert, workload: 3 }] } }),
      'POST admin/experts': () =>
        taken
          ? { status: 422, body: { message: 'Please check the highlighted fields.', errors: { email: ['This email is already registered.'] } } }
          : { status: 201, body: adminUserFixture({ first_name: 'Inès', last_name: 'Kamga', role: 'expert' }) },
    });
    renderAdminPage(<AssessorsPage />, { url: '/admin/assessors' });
    const table = await screen.findByRole('table', { name: 'Expert accounts' });
    const row = within(table).getByRole('row', { name: /Estelle Expert/ });
    await waitFor(() => expect(within(row).getByRole('cell', { name: '3' })).toBeInTheDocument());
    expect(within(table).getByRole('columnheader', { name: 'Inspections assigned' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create expert' }));
    const form = screen.getByRole('region', { name: 'Create expert' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create expert' }));
    expect(await within(form).findByText('Please enter your first name')).toBeInTheDocument();
    expect(calls.some((call) => call.key === 'POST admin/experts')).toBe(false);

    await userEvent.type(within(form).getByRole('textbox', { name: 'First name' }), 'Inès');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Last name' }), 'Kamga');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), 'ines@example.com');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Phone' }), '+237 6 70 77 88 99');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Country' }), 'Cameroon');
    await userEvent.type(within(form).getByRole('textbox', { name: 'City' }), 'Douala');
    await userEvent.click(within(form).getByRole('button', { name: 'Create expert' }));
    expect(await within(form).findByText('This email is already registered.')).toBeInTheDocument();

    taken = false;
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Email' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), 'ines.kamga@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Create expert' }));
    expect(await screen.findByText('Inès Kamga can now set a password from the e-mail we sent.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Create expert' })).not.toBeInTheDocument();
    const posted = calls.filter((call) => call.key === 'POST admin/experts').at(-1)!;
    expect(posted.body).toMatchObject({ first_name: 'Inès', email: 'ines.kamga@example.com', locale: 'en' });
  });
});
