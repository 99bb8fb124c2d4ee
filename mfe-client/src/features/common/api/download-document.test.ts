import { i18n } from '@lingui/core';
import { downloadDocument } from './download-document';

describe('downloadDocument', () => {
  it('asks in the user’s language, so a statement comes back in it', async () => {
    i18n.load('fr', {});
    i18n.activate('fr');
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('a,b\n', { status: 200 }));
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    await downloadDocument('/api/v1/contracts/c1/statement?format=csv', 'statement.csv');
    const headers = new Headers(fetchSpy.mock.calls[0]![1]!.headers);
    expect(headers.get('Accept-Language')).toBe('fr');
    fetchSpy.mockRestore();
  });
});
