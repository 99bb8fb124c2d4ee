import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { LegalDocument, type LegalSection } from './legal-document';

const PRIVACY: readonly LegalSection[] = [
  {
    heading: msg`Who is responsible for your data`,
    paragraphs: [
      msg`Fundament is the controller of the personal data processed on the platform. You can reach our data protection contact at the e-mail address shown in the footer.`,
    ],
  },
  {
    heading: msg`What we collect`,
    paragraphs: [
      msg`Account data: your name, e-mail address, phone number, password (stored only as a secure hash) and profile photo.`,
      msg`Project data: descriptions, addresses, photos, documents, quotes, messages and inspection reports.`,
      msg`Verification data for professionals: identity documents, company registration, insurance certificates, references and financial information.`,
      msg`Payment data: the amounts, dates and status of escrow payments. Card details are handled by our payment provider and never stored by us.`,
      msg`Technical data: the language you choose, log records and security events.`,
    ],
  },
  {
    heading: msg`Why we use it`,
    paragraphs: [
      msg`To provide the service you asked for (running your account, your projects and your contracts), to hold and release funds in escrow, to verify professionals, to prevent fraud and money laundering, to comply with our legal obligations and, with your consent, to send you news about the platform.`,
    ],
  },
  {
    heading: msg`Who we share it with`,
    paragraphs: [
      msg`With the other party to your project, only as far as the project requires; with our payment and identity-verification providers; with the independent experts and the mediation partner involved in your contract; and with authorities when the law requires it. We never sell your data.`,
    ],
  },
  {
    heading: msg`How long we keep it`,
    paragraphs: [
      msg`Account data is kept while your account is open and deleted within 90 days of closing it. Contracts, payment records and inspection reports are kept for 10 years, because they may be needed as evidence of the works and are required for accounting and anti-money-laundering rules. Verification documents are kept for 5 years after the end of the business relationship. Security logs are kept for 12 months.`,
    ],
  },
  {
    heading: msg`How we protect it`,
    paragraphs: [
      msg`Data is encrypted in transit, access is limited to the staff who need it, passwords are hashed and sessions can be revoked. Escrow funds are held by a regulated payment partner, separately from our own money.`,
    ],
  },
  {
    heading: msg`Your rights`,
    paragraphs: [
      msg`You can ask to access, correct or delete your data, to restrict or object to its use, and to receive it in a portable format. You can withdraw your consent to marketing at any time. You may also complain to your data protection authority.`,
    ],
  },
  {
    heading: msg`Cookies`,
    paragraphs: [
      msg`We only use the cookies and local storage needed for the site to work: keeping you signed in, remembering your language and protecting forms against forgery. We do not use advertising cookies.`,
    ],
  },
];

export default function PrivacyPage() {
  const { t } = useLingui();
  return (
    <LegalDocument
      title={<Trans>Privacy policy</Trans>}
      updated={<Trans>Last updated: 1 November 2026</Trans>}
      intro={
        <Trans>
          This policy explains which personal data we collect when you use Fundament, why we need it, how long we keep it and how you can exercise
          your rights.
        </Trans>
      }
      contentsLabel={t`Contents`}
      sections={PRIVACY}
    />
  );
}
