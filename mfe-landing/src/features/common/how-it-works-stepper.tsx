import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useMediaQuery } from '../../lib/use-media-query';
import { activeSlide, activeStepFromScroll, STEPPER_WIDE_QUERY, stepperProgress } from './stepper-rules';
import './stepper.css';

export type StepperVariant = 'client' | 'expert';

interface StepperStep {
  title: MessageDescriptor;
  text: MessageDescriptor;
  /** The expert variant's extra line (docs/product.md §1). */
  detail?: MessageDescriptor;
}

export const STEPPER_STEPS: Record<StepperVariant, readonly StepperStep[]> = {
  client: [
    { title: msg`Post your project`, text: msg`Tell us what you want to build or renovate, where, and your budget.` },
    { title: msg`Choose your professional`, text: msg`Compare quotes from verified contractors and pick the one you trust.` },
    { title: msg`Fund milestones in escrow`, text: msg`Your money is held safely and only moves when a milestone is approved.` },
    { title: msg`Approve and release`, text: msg`An independent expert inspects the work; you release the payment.` },
  ],
  expert: [
    {
      title: msg`Create your profile`,
      text: msg`Present your company, your trades, your service area and your best projects.`,
      detail: msg`It takes about ten minutes and costs nothing.`,
    },
    {
      title: msg`Get verified`,
      text: msg`We check your registration, visit your premises and talk to past customers.`,
      detail: msg`The verified badge puts you ahead of unchecked competitors.`,
    },
    {
      title: msg`Quote on real projects`,
      text: msg`Receive project requests that match your skills and send your quotes online.`,
      detail: msg`Every client has a funded budget before the work starts.`,
    },
    {
      title: msg`Get paid per milestone`,
      text: msg`Once a milestone is inspected and approved, the payment is released to you.`,
      detail: msg`No more chasing invoices: the money is already in escrow.`,
    },
  ],
};

/**
 * How it works, as a stepper. From 1024 px it follows the page's scroll
 * position (the step being read is highlighted); narrower, the steps are a
 * swipeable carousel and the stepper follows the slide shown.
 */
export function HowItWorksStepper({ variant }: { variant: StepperVariant }) {
  const { t, i18n } = useLingui();
  const steps = STEPPER_STEPS[variant];
  const wide = useMediaQuery(STEPPER_WIDE_QUERY);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLOListElement>(null);
  const baseId = useId();

  useEffect(() => {
    if (!wide) return undefined;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const items = Array.from(list.current?.children ?? []) as HTMLElement[];
        const tops = items.map((item) => item.getBoundingClientRect().top + window.scrollY);
        // The reading line sits in the middle of the viewport.
        setActive(activeStepFromScroll(tops, window.scrollY + window.innerHeight / 2));
      });
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [wide]);

  const onSlide = () => {
    if (wide || !list.current) return;
    const first = list.current.firstElementChild as HTMLElement | null;
    const gap = parseFloat(getComputedStyle(list.current).columnGap) || 0;
    setActive(activeSlide(list.current.scrollLeft, (first?.offsetWidth ?? 0) + gap, steps.length));
  };

  const goTo = (index: number) => {
    const item = list.current?.children[index] as HTMLElement | undefined;
    if (!item || !list.current) return;
    list.current.scrollTo({ left: item.offsetLeft - list.current.offsetLeft, behavior: 'smooth' });
    setActive(index);
  };

  const current = active + 1;
  const total = steps.length;
  const progress = stepperProgress(current, total);

  return (
    <section className={`landing-section stepper stepper--${variant}`} aria-labelledby={`${baseId}-title`}>
      <div className="ui-container stepper__layout">
        <div className="stepper__aside">
          <p className="landing-eyebrow">
            <Trans>How it works</Trans>
          </p>
          <h2 id={`${baseId}-title`} className="landing-section__title">
            {variant === 'client' ? <Trans>From idea to keys in hand</Trans> : <Trans>From sign-up to your first payment</Trans>}
          </h2>
          <p className="stepper__count" aria-live="polite">
            <Trans>
              Step {current} of {total}
            </Trans>
          </p>
          <div
            className="stepper__bar"
            role="progressbar"
            aria-label={t`Progress through the steps`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <span className="stepper__fill" style={{ width: `${progress}%` }} />
          </div>
          {!wide && (
            <div className="stepper__dots">
              {steps.map((_step, index) => {
                const stepNumber = index + 1;
                return (
                  <button
                    key={index}
                    type="button"
                    className="stepper__dot"
                    aria-label={t`Go to step ${stepNumber}`}
                    aria-current={index === active ? 'step' : undefined}
                    onClick={() => goTo(index)}
                  />
                );
              })}
            </div>
          )}
        </div>
        <ol ref={list} className="stepper__steps" onScroll={onSlide} tabIndex={wide ? undefined : 0} aria-label={t`Steps`}>
          {steps.map((step, index) => (
            <li
              key={index}
              className={index === active ? 'stepper__step stepper__step--active' : 'stepper__step'}
              aria-current={index === active ? 'step' : undefined}
            >
              <span className="stepper__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3>{i18n._(step.title)}</h3>
              <p>{i18n._(step.text)}</p>
              {step.detail && <p className="stepper__detail">{i18n._(step.detail)}</p>}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
