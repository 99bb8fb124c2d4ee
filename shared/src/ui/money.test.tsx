import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { referenceBookAtom } from '../reference/atoms';
import { renderWithProviders } from '../testing';
import { formatMoneyCompact } from './format-money';
import { Money, MoneyRange } from './money';

// Intl separates with no-break spaces; the comparison is about the digits and symbols.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('Money', () => {
  it('renders one marked figure that cannot wrap: no breakable space inside it', () => {
    renderWithProviders(<Money amount={1_449_000} currency="XAF" />);
    const figure = screen.getByText(/1,449,000/);
    expect(figure).toHaveAttribute('data-money');
    expect(figure).toHaveClass('ui-money');
    expect(plain(figure.textContent)).toBe('FCFA 1,449,000');
    // Any space inside the figure is a no-break one.
    expect(figure.textContent).not.toMatch(/ /);
  });

  it('follows the page language', () => {
    renderWithProviders(<Money amount={125_050} currency="EUR" />, { locale: 'fr' });
    expect(plain(screen.getByText(/250/).textContent)).toBe('1 250,50 €');
  });

  it('signs a statement movement: plus in, minus out', () => {
    renderWithProviders(
      <>
        <Money amount={500_000} currency="XAF" signed />
        <Money amount={-20_000} currency="XAF" signed />
      </>,
    );
    const figures = Array.from(document.querySelectorAll('[data-money]')).map((node) => plain(node.textContent));
    expect(figures).toEqual(['+FCFA 500,000', '−FCFA 20,000']);
  });

  it('takes the minor digits from the reference book when it has the currency', () => {
    const store = createStore();
    store.set(referenceBookAtom, { currencies: [{ code: 'XAF', minor_digits: 2 }] } as never);
    renderWithProviders(<Money amount={150_050} currency="XAF" />, { store });
    expect(plain(document.querySelector('[data-money]')!.textContent)).toBe('FCFA 1,500.50');
  });

  it('renders a range as two whole figures, or the one known side', () => {
    const { unmount } = renderWithProviders(<MoneyRange min={100_00} max={200_00} currency="EUR" />);
    expect(Array.from(document.querySelectorAll('[data-money]')).map((node) => node.textContent)).toEqual(['€100', '€200']);
    unmount();
    renderWithProviders(<MoneyRange min={null} max={null} currency="EUR" fallback="Not said" />);
    expect(document.querySelector('[data-money]')).toBeNull();
    expect(screen.getByText('Not said')).toBeInTheDocument();
  });
});

describe('formatMoneyCompact', () => {
  it('shortens large amounts for tight spaces, in the page language', () => {
    expect(plain(formatMoneyCompact(1_449_000, 'XAF', 'en'))).toBe('FCFA 1.4M');
    expect(plain(formatMoneyCompact(1_449_000, 'XAF', 'fr'))).toBe('1,4 M FCFA');
    expect(plain(formatMoneyCompact(95_000, 'EUR', 'en'))).toBe('€950');
  });
});
