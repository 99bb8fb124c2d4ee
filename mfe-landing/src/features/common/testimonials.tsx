import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import './testimonials.css';

export interface Testimonial {
  quote: MessageDescriptor;
  name: string;
  role: MessageDescriptor;
}

export const CLIENT_TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: msg`I built my parents' house in Douala while living in Lyon. I released every payment only after the expert's report, and the house was finished on budget.`,
    name: 'Aïcha N.',
    role: msg`Client, new build`,
  },
  {
    quote: msg`Three verified quotes in two days for our kitchen. Seeing the money held in escrow reassured both us and the contractor.`,
    name: 'Thomas & Julie R.',
    role: msg`Clients, kitchen renovation`,
  },
  {
    quote: msg`When we disagreed on the tiling, the mediation partner sorted it out and the money never left escrow. I would not renovate any other way now.`,
    name: 'Samuel K.',
    role: msg`Client, bathroom makeover`,
  },
];

export const CONTRACTOR_TESTIMONIAL: Testimonial = {
  quote: msg`Since we got verified, clients trust our quotes faster and every milestone is paid within days of the inspection. We stopped chasing invoices.`,
  name: 'Marc D.',
  role: msg`Founder, MD Rénovation`,
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((part) => /^\p{L}/u.test(part))
    .slice(0, 2)
    .map((part) => part[0])
    .join('');
}

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { i18n } = useLingui();
  return (
    <figure className="testimonial">
      <blockquote>
        <p>{i18n._(testimonial.quote)}</p>
      </blockquote>
      <figcaption>
        <span className="testimonial__avatar" aria-hidden="true">
          {initials(testimonial.name)}
        </span>
        <span>
          <strong>{testimonial.name}</strong>
          <span className="testimonial__role">{i18n._(testimonial.role)}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** One testimonial at a time, with previous / next buttons and a button per slide. */
export function TestimonialCarousel({ items }: { items: readonly Testimonial[] }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const baseId = useId();
  const count = items.length;
  const go = (next: number) => setIndex((next + count) % count);
  const position = index + 1;

  return (
    <section className="landing-section testimonials" aria-labelledby={`${baseId}-title`}>
      <div className="ui-container">
        <p className="landing-eyebrow">
          <Trans>Testimonials</Trans>
        </p>
        <h2 id={`${baseId}-title`} className="landing-section__title">
          <Trans>They built with peace of mind</Trans>
        </h2>
        <div className="testimonials__frame" role="group" aria-roledescription={t`carousel`} aria-label={t`Client testimonials`}>
          <div
            className="testimonials__slide"
            role="group"
            aria-roledescription={t`slide`}
            aria-label={t`${position} of ${count}`}
            aria-live="polite"
          >
            <TestimonialCard testimonial={items[index]!} />
          </div>
          <div className="testimonials__controls">
            <button type="button" className="landing-arrow" aria-label={t`Previous testimonial`} onClick={() => go(index - 1)}>
              <span aria-hidden="true">←</span>
            </button>
            <div className="testimonials__dots">
              {items.map((_item, dot) => {
                const dotNumber = dot + 1;
                return (
                  <button
                    key={dot}
                    type="button"
                    className="testimonials__dot"
                    aria-label={t`Show testimonial ${dotNumber}`}
                    aria-current={dot === index ? 'true' : undefined}
                    onClick={() => setIndex(dot)}
                  />
                );
              })}
            </div>
            <button type="button" className="landing-arrow" aria-label={t`Next testimonial`} onClick={() => go(index + 1)}>
              <span aria-hidden="true">→</span>
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
