import { AboutSection } from '../features/about/about-section';
import { PopularDesigns } from '../features/designs/popular-designs';
import { ExamplesCarousel } from '../features/examples/examples-carousel';
import { FaqSection } from '../features/faq/faq-section';
import { HowItWorksStepper } from '../features/common/how-it-works-stepper';
import { ManualSection } from '../features/manual/manual-section';
import { CLIENT_TESTIMONIALS, TestimonialCarousel } from '../features/common/testimonials';
import { CapabilitiesSection } from '../features/home/capabilities-section';
import { ClosingBlock } from '../features/home/closing-block';
import { ConnectionsPanel } from '../features/home/connections-panel';
import { FeaturesBlock } from '../features/home/features-block';
import { HeroSection } from '../features/home/hero-section';
import { PartnerStrip } from '../features/home/partner-strip';
import { ProvidePanel } from '../features/home/provide-panel';
import { QuoteBanner } from '../features/home/quote-banner';
import { HydrateLater } from '../lib/hydrate-later';
import '../lib/landing.css';
import '../features/home/home.css';

/**
 * The client landing page (docs/product.md §1), sections in the order of the spec. Below
 * the first screen, each section hydrates on its own, after the page has loaded.
 */
export default function HomePage() {
  return (
    <div className="landing">
      <HeroSection />
      <HydrateLater>
        <PartnerStrip />
      </HydrateLater>
      <HydrateLater>
        <QuoteBanner />
      </HydrateLater>
      <HydrateLater>
        <ProvidePanel />
      </HydrateLater>
      <HydrateLater>
        <ConnectionsPanel />
      </HydrateLater>
      <HydrateLater>
        <ManualSection />
      </HydrateLater>
      <HydrateLater>
        <CapabilitiesSection />
      </HydrateLater>
      <HydrateLater>
        <TestimonialCarousel items={CLIENT_TESTIMONIALS} />
      </HydrateLater>
      <HydrateLater>
        <FaqSection />
      </HydrateLater>
      <AboutSection />
      <HydrateLater>
        <ClosingBlock />
      </HydrateLater>
      <HydrateLater>
        <FeaturesBlock />
      </HydrateLater>
      <HydrateLater>
        <HowItWorksStepper variant="client" />
      </HydrateLater>
      <HydrateLater>
        <ExamplesCarousel />
      </HydrateLater>
      <HydrateLater>
        <PopularDesigns />
      </HydrateLater>
    </div>
  );
}
