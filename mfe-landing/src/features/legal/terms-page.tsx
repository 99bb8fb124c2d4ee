import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { LegalDocument, type LegalSection } from './legal-document';

const TERMS: readonly LegalSection[] = [
  {
    heading: msg`Who we are and what these terms cover`,
    paragraphs: [
      msg`Fundament runs an online marketplace where clients commission construction, renovation and home-service projects from independent contractors, artisans, vendors and experts. These terms apply to everyone who creates an account or uses the platform.`,
      msg`Fundament is not a party to the works contract between a client and a professional. We provide the marketplace, verification, the escrow service and access to mediation.`,
    ],
  },
  {
    heading: msg`Accounts`,
    paragraphs: [
      msg`You must be at least 18 and give accurate information. You are responsible for keeping your password secret and for everything done with your account. Tell us straight away if you think someone else has used it.`,
    ],
  },
  {
    heading: msg`Verification of professionals`,
    paragraphs: [
      msg`Before a professional can quote, we check their identity and company against national registers, may visit their premises, interview previous customers and review their financial situation. Verification lowers risk but is not a guarantee of the quality of any particular job.`,
      msg`We may suspend or withdraw a verified status if information turns out to be false or if serious complaints are upheld.`,
    ],
  },
  {
    heading: msg`Quotes and contracts`,
    paragraphs: [
      msg`A quote accepted on the platform, together with its milestones, forms the contract between the client and the professional. Each milestone states the work to be done, its price and how it will be inspected.`,
    ],
  },
  {
    heading: msg`Escrow and release of funds`,
    paragraphs: [
      msg`Before work on a milestone starts, the client pays its amount into an escrow account held for that contract with our regulated payment partner. The money belongs to neither party until it is released.`,
      msg`When the professional reports a milestone as finished, an independent expert inspects it. Funds are released to the professional only when the client approves the milestone, or when the client does not respond within 14 days of a favourable inspection report. The expert's fee is paid from the same release.`,
      msg`If a professional stops trading or becomes insolvent, the funds in escrow are ring-fenced. An expert estimates the value of the work done; that amount is released on agreement and the balance is refunded to the client or moved to a replacement professional.`,
    ],
  },
  {
    heading: msg`Fees`,
    paragraphs: [
      msg`Creating an account, posting a project and receiving quotes are free. A transaction fee of about 1.5% of each amount paid through escrow is charged, in addition to the fees of the payment provider. Advertising services, if any, are priced separately. The exact amount is always shown before you pay.`,
    ],
  },
  {
    heading: msg`Disputes and mediation`,
    paragraphs: [
      msg`If the client and the professional disagree about a milestone, either may open a dispute. The funds concerned stay in escrow while it is open.`,
      msg`Disputes are handled by an independent mediation partner. Mediation usually takes from six weeks to three months, depending on the complexity and on whether a new inspection is needed. The mediator's decision on the release of the funds is applied by our payment partner.`,
    ],
  },
  {
    heading: msg`Your obligations`,
    paragraphs: [
      msg`Professionals must hold the licences and insurance their trade requires and carry out the work in line with building rules. Clients must give accurate project information and access to the site. Nobody may try to take a payment outside the platform for a project found on it.`,
    ],
  },
  {
    heading: msg`Liability`,
    paragraphs: [
      msg`Professionals are responsible for their work and its guarantees. Our liability is limited to the proper operation of the platform and of the escrow service, and to the fees you paid us in the previous twelve months, except where the law does not allow such a limit.`,
    ],
  },
  {
    heading: msg`Ending your account and changes to these terms`,
    paragraphs: [
      msg`You can close your account at any time once no contract is in progress. We may suspend an account that breaks these terms. We will tell you about material changes to these terms at least 30 days before they apply.`,
    ],
  },
];

export default function TermsPage() {
  const { t } = useLingui();
  return (
    <LegalDocument
      title={<Trans>Terms of service</Trans>}
      updated={<Trans>Last updated: 1 November 2026</Trans>}
      intro={
        <Trans>
          Please read these terms carefully. They explain how the marketplace works, how your money is protected in escrow and what happens if
          something goes wrong.
        </Trans>
      }
      contentsLabel={t`Contents`}
      sections={TERMS}
    />
  );
}
