import { Trans, useLingui } from '@lingui/react/macro';
import { HideOnError } from 'shared/ui';
import villaImage from '../../assets/project-villa.svg';
import kitchenImage from '../../assets/project-kitchen.svg';
import duplexImage from '../../assets/project-duplex.svg';

/** A quote with three finished projects. */
export function QuoteBanner() {
  const { t } = useLingui();
  const images = [
    { src: villaImage, alt: t`A villa with a pool at sunset` },
    { src: kitchenImage, alt: t`A renovated kitchen with dark cabinets` },
    { src: duplexImage, alt: t`A modern two-storey house with a balcony` },
  ];
  return (
    <section className="landing-section home-quote" aria-labelledby="home-quote-title">
      <div className="ui-container home-quote__layout">
        <div>
          <h2 id="home-quote-title" className="ui-visually-hidden">
            <Trans>Our promise</Trans>
          </h2>
          <blockquote className="home-quote__text">
            <p>
              <Trans>“Your home is the biggest project of your life. Nobody should lose their savings building it.”</Trans>
            </p>
          </blockquote>
          <p className="home-quote__by">
            <Trans>The founding team</Trans>
          </p>
        </div>
        <ul className="home-quote__images">
          {images.map((image) => (
            <li key={image.src}>
              <HideOnError src={image.src} alt={image.alt} width={640} height={400} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
