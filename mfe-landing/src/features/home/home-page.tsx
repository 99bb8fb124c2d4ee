import { PopularDesigns } from '../designs/popular-designs';
import { ExamplesCarousel } from '../examples/examples-carousel';
import { FaqSection } from '../faq/faq-section';
import { HowItWorksStepper } from '../common/how-it-works-stepper';
import { ManualSection } from '../manual/manual-section';
import { CLIENT_TESTIMONIALS, TestimonialCarousel } from '../common/testimonials';
import { CapabilitiesSection } from './capabilities-section';
import { ClosingBlock } from './closing-block';
import { ConnectionsPanel } from './connections-panel';
import { FeaturesBlock } from './features-block';
import { HeroSection } from './hero-section';
import { PartnerStrip } from './partner-strip';
import { ProvidePanel } from './provide-panel';
import { QuoteBanner } from './quote-banner';
import '../../lib/landing.css';
import './home.css';

/** The client landing page (spec §1), sections in the order of the spec. */
export default function HomePage() {
  return (
    <div className="landing">
      <HeroSection />
      <PartnerStrip />
      <QuoteBanner />
      <ProvidePanel />
      <ConnectionsPanel />
      <ManualSection />
      <CapabilitiesSection />
      <TestimonialCarousel items={CLIENT_TESTIMONIALS} />
      <FaqSection />
      <ClosingBlock />
      <FeaturesBlock />
      <HowItWorksStepper variant="client" />
      <ExamplesCarousel />
      <PopularDesigns />
    </div>
  );
}
