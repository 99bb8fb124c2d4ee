import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from 'shared/testing';
import { CONVERSATION_ID, reportsFixture } from '../../testing/conversation-fixtures';
import { renderAdminPage } from '../../testing/render-page';
import { MessageReportsPage } from './message-reports-page';

jest.setTimeout(30_000);

const renderReports = (locale: 'en' | 'fr' = 'en') => renderAdminPage(<MessageReportsPage />, { url: '/admin/message-reports', locale });

describe('reported messages', () => {
  it('lists a report with the message and its reason, and links to the message in its conversation', async () => {
    fakeApi({ 'GET admin/message-reports': () => ({ body: reportsFixture() }) });
    renderReports();
    const report = await screen.findByRole('listitem', { name: 'Report on Family house in Douala by Awa Ndiaye' });
    expect(within(report).getByText('Threatening')).toBeInTheDocument();
    expect(within(report).getByRole('article', { name: 'Message from Paul Mbappe' })).toHaveTextContent('Pay now or I take the tools.');
    expect(within(report).getByRole('link', { name: 'Open the conversation' })).toHaveAttribute(
      'href',
      `/admin/conversations/${CONVERSATION_ID}#message-m4`,
    );
  });

  it('hides the message only with a reason, then shows the list without the handled report', async () => {
    let handled = false;
    const calls = fakeApi({
      'GET admin/message-reports': () => ({ body: handled ? { data: [] } : reportsFixture() }),
      'POST admin/messages/m4/hide': () => {
        handled = true;
        return { body: {} };
      },
    });
    renderReports();
    const report = await screen.findByRole('listitem', { name: 'Report on Family house in Douala by Awa Ndiaye' });
    await userEvent.click(within(report).getByRole('button', { name: 'Hide the message' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this message from Paul Mbappe?' });
    const confirm = within(dialog).getByRole('button', { name: 'Hide the message' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (kept in the audit trail)' }), 'Threat against the client');
    await userEvent.click(confirm);
    expect(await screen.findByText('No report is waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('The message is hidden from the parties.')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'POST admin/messages/m4/hide')!.body).toEqual({ reason: 'Threat against the client' });
  });

  it('dismisses a report, and says why when it cannot', async () => {
    let attempts = 0;
    const calls = fakeApi({
      'GET admin/message-reports': () => ({ body: attempts > 1 ? { data: [] } : reportsFixture() }),
      'POST admin/message-reports/r1/dismiss': () => {
        attempts += 1;
        return attempts === 1 ? { status: 409, body: { message: 'This report was already handled.' } } : { body: {} };
      },
    });
    renderReports();
    const report = await screen.findByRole('listitem', { name: 'Report on Family house in Douala by Awa Ndiaye' });
    await userEvent.click(within(report).getByRole('button', { name: 'Dismiss the report' }));
    expect(await screen.findByText('This report was already handled.')).toBeInTheDocument();
    await userEvent.click(within(report).getByRole('button', { name: 'Dismiss the report' }));
    expect(await screen.findByText('No report is waiting.')).toBeInTheDocument();
    expect(calls.filter((call) => call.key === 'POST admin/message-reports/r1/dismiss')).toHaveLength(2);
    expect(calls.some((call) => call.key.endsWith('/hide'))).toBe(false);
  });

  it('speaks French', async () => {
    fakeApi({ 'GET admin/message-reports': () => ({ body: { data: [] } }) });
    renderReports('fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages signalés' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Aucun signalement en attente.')).toBeInTheDocument());
  });
});
