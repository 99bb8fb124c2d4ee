import type { ReactNode } from 'react';

/** A dashboard figure with its title and whatever explains or links it. */
export function Tile({ title, value, children }: { title: ReactNode; value?: ReactNode; children?: ReactNode }) {
  return (
    <section className="ui-card client-tile">
      <h2 className="client-tile__title">{title}</h2>
      {value !== undefined && <p className="client-tile__value">{value}</p>}
      {children}
    </section>
  );
}
