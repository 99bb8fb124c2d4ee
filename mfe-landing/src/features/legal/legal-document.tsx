import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import '../../lib/landing.css';
import './legal.css';

export interface LegalSection {
  heading: MessageDescriptor;
  paragraphs: readonly MessageDescriptor[];
}

/** A legal text: title, date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
  contentsLabel,
}: {
  title: ReactNode;
  updated: ReactNode;
  intro: ReactNode;
  sections: readonly LegalSection[];
  contentsLabel: string;
}) {
  const { i18n } = useLingui();
  return (
    <article className="ui-container legal">
      <header className="legal__header">
        <h1>{title}</h1>
        <p className="legal__updated">{updated}</p>
        <p className="legal__intro">{intro}</p>
      </header>
      <nav className="legal__contents" aria-label={contentsLabel}>
        <ol>
          {sections.map((section, index) => (
            <li key={index}>
              <a href={`#legal-${index + 1}`}>{i18n._(section.heading)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={index} id={`legal-${index + 1}`} className="legal__section">
          <h2>
            {index + 1}. {i18n._(section.heading)}
          </h2>
          {section.paragraphs.map((paragraph, p) => (
            <p key={p}>{i18n._(paragraph)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
