import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { evidenceUpload } from '../common/api/upload-evidence';
import { fakeAdminApi } from '../../testing/fake-api';
import { userDetailFixture } from '../../testing/fixtures';
import { renderAdminPage } from '../../testing/render-page';
import { UserPage } from './user-page';

// Typing into forms under jsdom is slow on a busy machine; five seconds is not always enough.
jest.setTimeout(30_000);

const ID = '11111111-1111-4111-8111-111111111111';
const URL_ = `/admin/users/${ID}`;
const renderUser = (locale: 'en' | 'fr' = 'en') => renderAdminPage(<UserPage />, { url: URL_, path: '/admin/users/:id', locale });

describe('verification checklist', () => {
  it('keeps Verify disabled and says which checks are still needed', async () => {
    fakeAdminApi({ [`GET admin/users/${ID}`]: () => ({ body: userDetailFixture({ identity_register: 'passed', customer_interviews: 'passed' }) }) });
    renderUser();
    const verify = await screen.findByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    expect(verify).toHaveAccessibleDescription('Verify is available once every check has passed. Still needed: Location visit, Financial check.');
    expect(screen.getByText('2 of 4 checks passed')).toBeInTheDocument();
    const identity = screen.getByRole('region', { name: 'Identity against the national register' });
    expect(within(identity).getByText('Passed', { selector: 'span' })).toBeInTheDocument();
    expect(within(identity).getByText(/Recorded by Ada Admin/)).toBeInTheDocument();
  });

  it('records a check and shows the saved outcome', async () => {
    const calls = fakeAdminApi({
      [`GET admin/users/${ID}`]: () => ({ body: userDetailFixture() }),
      [`PUT admin/users/${ID}/checks/location_visit`]: () => ({ body: userDetailFixture({ location_visit: 'failed' }) }),
    });
    renderUser();
    const visit = await screen.findByRole('region', { name: 'Location visit' });
    await userEvent.selectOptions(within(visit).getByRole('combobox', { name: 'Outcome' }), 'failed');
    const date = within(visit).getByLabelText('Date of the check');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-19');
    await userEvent.type(within(visit).getByRole('textbox', { name: 'Notes' }), 'No workshop at the address.');
    await userEvent.click(within(visit).getByRole('button', { name: 'Save check' }));
    await waitFor(() => expect(within(visit).getByText('Failed', { selector: 'span' })).toBeInTheDocument());
    const put = calls.find((call) => call.key === `PUT admin/users/${ID}/checks/location_visit`)!;
    expect(put.body).toEqual({ outcome: 'failed', checked_on: '2026-11-19', notes: 'No workshop at the address.' });
  });

  it('uploads evidence with progress and lists the file', async () => {
    fakeAdminApi({ [`GET admin/users/${ID}`]: () => ({ body: userDetailFixture() }) });
    const withFile = userDetailFixture();
    withFile.verification!.checks[1]!.evidence = [
      {
        id: 'e1',
        file_name: 'site-visit.png',
        content_type: 'image/png',
        size_bytes: 2048,
        uploaded_by: { id: 'a1', name: 'Ada Admin' },
        uploaded_at: '2026-11-21T10:00:00.000Z',
      },
    ];
    let finish: (detail: typeof withFile) => void = () => undefined;
    const send = jest.spyOn(evidenceUpload, 'send').mockImplementation((_path, _file, onProgress) => {
      onProgress(40);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    renderUser();
    const visit = await screen.findByRole('region', { name: 'Location visit' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'site-visit.png', { type: 'image/png' });
    await userEvent.upload(within(visit).getByLabelText('Add evidence for “Location visit”'), file);
    expect(within(visit).getByRole('progressbar', { name: 'Uploading' })).toHaveAttribute('value', '40');
    expect(send).toHaveBeenCalledWith(`admin/users/${ID}/checks/location_visit/evidence`, file, expect.any(Function));
    finish(withFile);
    expect(await within(visit).findByRole('button', { name: 'Download site-visit.png' })).toBeInTheDocument();
    expect(within(visit).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    fakeAdminApi({ [`GET admin/users/${ID}`]: () => ({ body: userDetailFixture() }) });
    const send = jest.spyOn(evidenceUpload, 'send');
    renderUser();
    const visit = await screen.findByRole('region', { name: 'Financial check' });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'statement.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(visit).getByLabelText('Add evidence for “Financial check”'), big);
    expect(within(visit).getByRole('alert')).toHaveTextContent('The file must be at most 10 MB.');
    expect(send).not.toHaveBeenCalled();
  });

  it('verifies once every check has passed, and shows the server’s refusal if it has one', async () => {
    let refuse = true;
    fakeAdminApi({
      [`GET admin/users/${ID}`]: () => ({
        body: userDetailFixture({ identity_register: 'passed', location_visit: 'passed', customer_interviews: 'passed', financial_check: 'passed' }),
      }),
      [`PUT admin/users/${ID}/verify`]: () =>
        refuse
          ? { status: 409, body: { message: 'Verification needs: financial check.', missing: ['financial_check'] } }
          : {
              body: userDetailFixture(
                { identity_register: 'passed', location_visit: 'passed', customer_interviews: 'passed', financial_check: 'passed' },
                {
                  verified: true,
                  verification_state: 'verified',
                  verified_at: '2026-11-21T11:00:00.000Z',
                  verified_by: { id: 'a1', name: 'Ada Admin' },
                },
              ),
            },
    });
    renderUser();
    const verify = await screen.findByRole('button', { name: 'Verify' });
    expect(verify).toBeEnabled();
    await userEvent.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent('Verification needs: financial check.');
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/Verified by Ada Admin/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Verified').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Revoke verification' })).toBeInTheDocument();
  });

  it('suspends only after a confirmation with a reason', async () => {
    const calls = fakeAdminApi({
      [`GET admin/users/${ID}`]: () => ({ body: userDetailFixture() }),
      [`POST admin/users/${ID}/suspend`]: () => ({
        body: userDetailFixture({}, { status: 'suspended', suspended_at: '2026-11-21T12:00:00.000Z', suspension_reason: 'Fake documents.' }),
      }),
    });
    renderUser();
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Paul Mbappe?' });
    const confirm = within(dialog).getByRole('button', { name: 'Suspend account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (kept in the audit trail)' }), 'Fake documents.');
    await userEvent.click(confirm);
    expect(await screen.findByText(/Fake documents\./)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate account' })).toBeInTheDocument();
    expect(calls.find((call) => call.key.endsWith('/suspend'))!.body).toEqual({ reason: 'Fake documents.' });
  });

  it('closes the confirmation with Escape without doing anything', async () => {
    const calls = fakeAdminApi({ [`GET admin/users/${ID}`]: () => ({ body: userDetailFixture() }) });
    renderUser();
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suspend account' })).toHaveFocus();
    expect(calls.map((call) => call.key)).toEqual([`GET admin/users/${ID}`]);
  });

  it('speaks French', async () => {
    fakeAdminApi({ [`GET admin/users/${ID}`]: () => ({ body: userDetailFixture({ identity_register: 'passed' }) }) });
    renderUser('fr');
    const verify = await screen.findByRole('button', { name: 'Vérifier' });
    expect(verify).toHaveAccessibleDescription(/Reste à faire : Visite sur place, Entretiens avec d’anciens clients, Contrôle financier\./);
    expect(screen.getByRole('region', { name: 'Identité auprès du registre national' })).toBeInTheDocument();
  });
});
