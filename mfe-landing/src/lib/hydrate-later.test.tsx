import { act, Suspense, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HydrateLater } from './hydrate-later';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((value) => value + 1)}>
      Pressed {count} times
    </button>
  );
}

const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));

describe('HydrateLater', () => {
  // First: once anything has drawn on the client, later sections need not wait.
  it('keeps the server HTML until the visitor interacts, and that first press counts', async () => {
    const page = (
      <main>
        <h1>First screen</h1>
        <HydrateLater>
          <Counter />
        </HydrateLater>
      </main>
    );
    // The HTML the prerender writes (a boundary around the section), as made in another page.
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <main>
        <h1>First screen</h1>
        <Suspense fallback={null}>
          <Counter />
        </Suspense>
      </main>,
    );
    document.body.append(container);
    const button = screen.getByRole('button', { name: 'Pressed 0 times' });
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    // The first screen is React's, the section below it is still the server's (the page has not loaded yet in jsdom's eyes).
    expect(isHydrated(screen.getByRole('heading'))).toBe(true);
    expect(isHydrated(button)).toBe(false);

    await userEvent.click(button);
    // The same element, adopted rather than drawn again, and the press was not lost.
    expect(await screen.findByRole('button', { name: 'Pressed 1 times' })).toBe(button);
    act(() => root?.unmount());
    container.remove();
  });

  it('draws its content at once when the page is drawn in the browser', () => {
    render(
      <HydrateLater>
        <Counter />
      </HydrateLater>,
    );
    expect(screen.getByRole('button', { name: 'Pressed 0 times' })).toBeInTheDocument();
  });
});
