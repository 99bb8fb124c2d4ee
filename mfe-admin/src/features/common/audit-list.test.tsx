import { screen, within } from '@testing-library/react';
import type { AuditEntry } from 'shared/contract';
import { renderAdminPage } from '../../testing/render-page';
import { AuditList } from './audit-list';
import { userPath } from './paths';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 'a1',
  admin: { id: 'ad1', name: 'Ada Admin' },
  action: 'user.suspended',
  target_type: 'user',
  target_id: 'u1',
  target_label: 'Awa Ndiaye',
  before: null,
  after: null,
  created_at: '2026-01-12T09:00:00.000Z',
  ...overrides,
});

describe('audit list', () => {
  it('names a hidden message and a dismissed report, and links only accounts to their page', () => {
    renderAdminPage(
      <AuditList
        showTarget
        targetPath={userPath}
        entries={[
          entry({}),
          entry({ id: 'a2', action: 'message.hidden', target_type: 'message', target_id: 'm1', target_label: 'Family house: You are a thief.' }),
          entry({ id: 'a3', action: 'message_report.dismissed', target_type: 'message_report', target_id: 'r1', target_label: 'Rude' }),
        ]}
      />,
      { url: '/admin/audit' },
    );
    const [suspended, hidden, dismissed] = screen.getAllByRole('listitem');
    expect(within(suspended!).getByRole('link', { name: 'Awa Ndiaye' })).toHaveAttribute('href', '/admin/users/u1');
    expect(hidden).toHaveTextContent('Message hidden');
    expect(within(hidden!).getByText('Family house: You are a thief.')).toBeInTheDocument();
    expect(within(hidden!).queryByRole('link')).not.toBeInTheDocument();
    expect(dismissed).toHaveTextContent('Report dismissed');
    expect(within(dismissed!).queryByRole('link')).not.toBeInTheDocument();
  });
});
