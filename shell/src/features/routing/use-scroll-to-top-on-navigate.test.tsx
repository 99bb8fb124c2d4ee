import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useScrollToTopOnNavigate } from './use-scroll-to-top-on-navigate';

function Page() {
  useScrollToTopOnNavigate();
  return null;
}

describe('scroll to the top on navigation', () => {
  afterEach(() => jest.restoreAllMocks());

  it('leaves the first page where the visitor has scrolled it (a prerendered page is read before the shell runs), and goes to the top on every navigation', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/contractors'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0, behavior: 'instant' });
    await act(() => router.navigate('/contractors?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
