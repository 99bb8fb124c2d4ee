import { Trans, useLingui } from '@lingui/react/macro';
import { HideOnError } from 'shared/ui';
import paymentsLogo from '../../assets/partner-payments.svg';
import identityLogo from '../../assets/partner-identity.svg';
import insuranceLogo from '../../assets/partner-insurance.svg';
import mediationLogo from '../../assets/partner-mediation.svg';

/** Partners: a card payment provider, an identity-verification provider and two others (docs/product.md §1). */
export function PartnerStrip() {
  const { t } = useLingui();
  const partners = [
    { src: paymentsLogo, alt: t`Paylane, our card payment provider` },
    { src: identityLogo, alt: t`Verifid, our identity verification provider` },
    { src: insuranceLogo, alt: t`Assurbat, construction insurance partner` },
    { src: mediationLogo, alt: t`Medialis, independent mediation partner` },
  ];
  return (
    <section className="home-partners" aria-labelledby="home-partners-title">
      <div className="ui-container">
        <h2 id="home-partners-title" className="home-partners__title">
          <Trans>Trusted partners behind every payment</Trans>
        </h2>
        <ul className="home-partners__list">
          {partners.map((partner) => (
            <li key={partner.src}>
              <HideOnError src={partner.src} alt={partner.alt} width={200} height={52} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
