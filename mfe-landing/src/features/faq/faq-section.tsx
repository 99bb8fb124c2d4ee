import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Link } from 'react-router-dom';
import { EXPERT_FEE_PER_MILLE, PLATFORM_FEE_PER_MILLE } from 'shared/config';
import { toggleFaqItem } from './faq-rules';
import './faq.css';

// Placeholders, filled in the reader's number format when the answer is shown.
const platformRate = PLATFORM_FEE_PER_MILLE / 10;
const expertRate = EXPERT_FEE_PER_MILLE / 10;

/** The nine client questions (docs/product.md §1, §9); an answer may lead on to a page that says more. */
export const CLIENT_FAQ: ReadonlyArray<{ question: MessageDescriptor; answer: MessageDescriptor; more?: { to: string; label: MessageDescriptor } }> =
  [
    {
      question: msg`How does escrow protect my money?`,
      answer: msg`Your payment for each milestone is held in a separate account opened for your contract. The contractor sees that the money is there, but it is only released when you approve the work after an independent inspection.`,
    },
    {
      question: msg`How are contractors verified?`,
      answer: msg`We check identity and company records against national registers, visit the business premises, interview previous customers and review the company's financial health before a profile is marked as verified.`,
    },
    {
      question: msg`How much does it cost to use the platform?`,
      answer: msg`Posting a project and receiving quotes is free. When you fund a milestone you pay its amount, the platform fee of ${platformRate} % and the expert's inspection fee (${expertRate} %, with a minimum for the visit), plus the payment provider's fee.`,
      more: { to: '/fees', label: msg`See the fees and an example` },
    },
    {
      question: msg`Can I manage a project from abroad?`,
      answer: msg`Yes. Many of our clients live in the diaspora. You follow progress, photos and inspection reports online and release each payment from wherever you are.`,
    },
    {
      question: msg`Who inspects the work before I pay?`,
      answer: msg`An independent expert, who is not paid by the contractor, visits the site at each milestone and writes a report. You decide whether to release the funds based on that report.`,
    },
    {
      question: msg`What happens if I disagree with the contractor?`,
      answer: msg`The funds stay in escrow and our independent mediation partner steps in. Mediation usually takes between six weeks and three months, and nobody can move the money in the meantime.`,
    },
    {
      question: msg`What if my contractor goes bankrupt?`,
      answer: msg`The money in escrow is ring-fenced and cannot be claimed by the contractor's creditors. An expert estimates the work done, the amount owed is released, and we recommend other verified contractors to finish the job.`,
    },
    {
      question: msg`What kind of projects can I post?`,
      answer: msg`New builds, extensions, renovations, kitchens and bathrooms, roofing, electrical and plumbing work, smart home installations and more, from a single repair to a complete house.`,
    },
    {
      question: msg`How quickly will I receive quotes?`,
      answer: msg`Verified professionals are notified as soon as you post. Most projects receive their first quotes within two to three working days.`,
    },
  ];

/** Questions and answers; each opens and closes on its own, with a plus or minus sign. */
export function FaqSection() {
  const { i18n } = useLingui();
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const baseId = useId();
  // The rates in the reader's number format (1,5 in French); built apart from the call, which the catalog extractor reads.
  const withRates = (answer: MessageDescriptor): MessageDescriptor => ({
    ...answer,
    values: { platformRate: i18n.number(platformRate), expertRate: i18n.number(expertRate) },
  });
  return (
    <section className="landing-section faq" aria-labelledby={`${baseId}-title`}>
      <div className="ui-container faq__layout">
        <div>
          <p className="landing-eyebrow">
            <Trans>FAQ</Trans>
          </p>
          <h2 id={`${baseId}-title`} className="landing-section__title">
            <Trans>Questions clients ask us</Trans>
          </h2>
          <p className="landing-section__lead">
            <Trans>Cannot find your answer? Our support team usually replies within a few minutes in the chat.</Trans>
          </p>
        </div>
        <ul className="faq__list">
          {CLIENT_FAQ.map((item, index) => {
            const expanded = open.has(index);
            return (
              <li key={index} className="faq__item">
                <h3 className="faq__question">
                  <button
                    type="button"
                    id={`${baseId}-question-${index}`}
                    aria-expanded={expanded}
                    aria-controls={`${baseId}-answer-${index}`}
                    onClick={() => setOpen((current) => toggleFaqItem(current, index))}
                  >
                    <span>{i18n._(item.question)}</span>
                    <span className="faq__sign" aria-hidden="true">
                      {expanded ? '−' : '+'}
                    </span>
                  </button>
                </h3>
                <div
                  id={`${baseId}-answer-${index}`}
                  className="faq__answer"
                  role="region"
                  aria-labelledby={`${baseId}-question-${index}`}
                  hidden={!expanded}
                >
                  <p>{i18n._(withRates(item.answer))}</p>
                  {item.more && (
                    <p className="faq__more">
                      <Link to={item.more.to}>{i18n._(item.more.label)}</Link>
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
