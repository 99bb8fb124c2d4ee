import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { HideOnError } from 'shared/ui';
import renovationImage from '../../assets/example-renovation.svg';
import constructionImage from '../../assets/example-construction.svg';
import smartHomeImage from '../../assets/example-smart-home.svg';
import { carouselScrollAmount } from './carousel-rules';
import './examples.css';

/** The three example cards of docs/product.md §1. */
export const EXAMPLES: ReadonlyArray<{ image: string; title: MessageDescriptor; text: MessageDescriptor; alt: MessageDescriptor }> = [
  {
    image: renovationImage,
    title: msg`Home renovation and remodeling`,
    text: msg`Kitchens, bathrooms, floors and full makeovers, planned and paid step by step.`,
    alt: msg`A renovated kitchen with an island and pendant lights`,
  },
  {
    image: constructionImage,
    title: msg`Construction and new builds`,
    text: msg`From foundations to roof: houses, extensions and small buildings with inspected milestones.`,
    alt: msg`A building frame going up next to a crane`,
  },
  {
    image: smartHomeImage,
    title: msg`Smart home installation`,
    text: msg`Connected lighting, security, heating and solar, installed by certified technicians.`,
    alt: msg`A house sending a signal to a phone`,
  },
];

/** A row of cards scrolled by arrows, one card's width at a time (docs/product.md §2). */
export function ExamplesCarousel() {
  const { t, i18n } = useLingui();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const baseId = useId();

  const updateEdges = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    updateEdges();
    window.addEventListener('resize', updateEdges);
    return () => window.removeEventListener('resize', updateEdges);
  }, [updateEdges]);

  const scroll = (direction: -1 | 1) => {
    const el = track.current;
    if (!el) return;
    const amount = carouselScrollAmount(el.firstElementChild as HTMLElement | null);
    el.scrollBy({ left: direction * amount, behavior: 'smooth' });
  };

  return (
    <section className="landing-section examples" aria-labelledby={`${baseId}-title`}>
      <div className="ui-container">
        <div className="examples__head">
          <div>
            <p className="landing-eyebrow">
              <Trans>What you can build</Trans>
            </p>
            <h2 id={`${baseId}-title`} className="landing-section__title">
              <Trans>Projects our professionals deliver</Trans>
            </h2>
          </div>
          <div className="examples__arrows">
            <button
              type="button"
              className="landing-arrow"
              aria-label={t`Previous examples`}
              aria-controls={`${baseId}-track`}
              disabled={edges.start}
              onClick={() => scroll(-1)}
            >
              <span aria-hidden="true">←</span>
            </button>
            <button
              type="button"
              className="landing-arrow"
              aria-label={t`Next examples`}
              aria-controls={`${baseId}-track`}
              disabled={edges.end}
              onClick={() => scroll(1)}
            >
              <span aria-hidden="true">→</span>
            </button>
          </div>
        </div>
        <ul id={`${baseId}-track`} ref={track} className="examples__track" onScroll={updateEdges} aria-label={t`Example projects`}>
          {EXAMPLES.map((example, index) => (
            <li key={index} className="examples__card">
              <HideOnError src={example.image} alt={i18n._(example.alt)} width={640} height={400} loading="lazy" decoding="async" />
              <div className="examples__body">
                <h3>{i18n._(example.title)}</h3>
                <p>{i18n._(example.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
