import { useId, useState, type ComponentType } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useMediaQuery } from '../../lib/use-media-query';
import { AddJobIllustration, CompareIllustration, CompleteIllustration, ContactIllustration } from './manual-illustrations';
import { MANUAL_ACCORDION_QUERY, toggleAccordionStep } from './manual-rules';
import './manual.css';

interface ManualStep {
  category: MessageDescriptor;
  title: MessageDescriptor;
  text: MessageDescriptor;
  Illustration: ComponentType;
}

/** The four-step manual for clients (docs/product.md §1, §2). */
export const MANUAL_STEPS: readonly ManualStep[] = [
  {
    category: msg`Post`,
    title: msg`Describe your project in minutes`,
    text: msg`Add a job with a few photos, your budget and the address. It is free and you stay anonymous until you choose a professional.`,
    Illustration: AddJobIllustration,
  },
  {
    category: msg`Compare`,
    title: msg`Receive quotes from verified professionals`,
    text: msg`Only companies we have checked can answer: identity, registration, site visits, past clients and finances. Compare prices, delays and reviews side by side.`,
    Illustration: CompareIllustration,
  },
  {
    category: msg`Agree`,
    title: msg`Talk, agree and fund the first milestone`,
    text: msg`See who is available and when, ask your questions, then sign the contract. Your money goes into an escrow account, not to the contractor.`,
    Illustration: ContactIllustration,
  },
  {
    category: msg`Release`,
    title: msg`Pay as the work is approved`,
    text: msg`An independent expert inspects each milestone. You release the payment when you are satisfied, until the project is complete.`,
    Illustration: CompleteIllustration,
  },
];

/**
 * At 1024 px or less: an accordion with one step open at a time. Wider: the
 * steps as a list of choices beside a card showing the chosen one.
 */
export function ManualSection() {
  const { i18n } = useLingui();
  const accordion = useMediaQuery(MANUAL_ACCORDION_QUERY);
  const [open, setOpen] = useState<number | null>(0);
  const [chosen, setChosen] = useState(0);
  const baseId = useId();

  return (
    <section className="landing-section manual" aria-labelledby={`${baseId}-title`}>
      <div className="ui-container">
        <p className="landing-eyebrow">
          <Trans>How it works for clients</Trans>
        </p>
        <h2 id={`${baseId}-title`} className="landing-section__title">
          <Trans>Your project in four steps</Trans>
        </h2>

        {accordion ? (
          <ol className="manual__accordion">
            {MANUAL_STEPS.map((step, index) => {
              const expanded = open === index;
              const { Illustration } = step;
              return (
                <li key={index} className={expanded ? 'manual__item manual__item--open' : 'manual__item'}>
                  <h3 className="manual__heading">
                    <button
                      type="button"
                      className="manual__trigger"
                      aria-expanded={expanded}
                      aria-controls={`${baseId}-panel-${index}`}
                      onClick={() => setOpen((current) => toggleAccordionStep(current, index))}
                    >
                      <span className="manual__number" aria-hidden="true">
                        {index + 1}
                      </span>
                      <span className="manual__trigger-text">
                        <span className="manual__category">{i18n._(step.category)}</span>
                        <span>{i18n._(step.title)}</span>
                      </span>
                      <span className="manual__chevron" aria-hidden="true" />
                    </button>
                  </h3>
                  <div id={`${baseId}-panel-${index}`} className="manual__panel" hidden={!expanded}>
                    <p>{i18n._(step.text)}</p>
                    <Illustration />
                  </div>
                </li>
              );
            })}
          </ol>
        ) : (
          <div className="manual__wide">
            <ol className="manual__choices">
              {MANUAL_STEPS.map((step, index) => (
                <li key={index}>
                  <button
                    type="button"
                    className={chosen === index ? 'manual__choice manual__choice--active' : 'manual__choice'}
                    aria-pressed={chosen === index}
                    aria-controls={`${baseId}-card`}
                    onClick={() => setChosen(index)}
                  >
                    <span className="manual__number" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className="manual__trigger-text">
                      <span className="manual__category">{i18n._(step.category)}</span>
                      <span className="manual__choice-title">{i18n._(step.title)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ol>
            <ManualCard id={`${baseId}-card`} step={MANUAL_STEPS[chosen]!} index={chosen} />
          </div>
        )}
      </div>
    </section>
  );
}

function ManualCard({ id, step, index }: { id: string; step: ManualStep; index: number }) {
  const { i18n } = useLingui();
  const { Illustration } = step;
  const stepNumber = index + 1;
  const category = i18n._(step.category);
  return (
    <article id={id} className="manual__card" aria-live="polite">
      <Illustration />
      <p className="manual__category">
        <Trans>
          Step {stepNumber} · {category}
        </Trans>
      </p>
      <h3>{i18n._(step.title)}</h3>
      <p>{i18n._(step.text)}</p>
    </article>
  );
}
