import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

/** A page whose screens are still to come: its title and a plain notice, never an empty area. */
export function PagePlaceholder({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <section className="ui-page ui-container">
      <div className="ui-card ui-notice">
        <h1>{title}</h1>
        {children ?? (
          <p>
            <Trans>This screen is being prepared and will be available soon.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}
