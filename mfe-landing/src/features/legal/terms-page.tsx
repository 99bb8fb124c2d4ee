import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from 'shared/ui';

export default function TermsPage() {
  return <PagePlaceholder title={<Trans>Terms of service</Trans>} />;
}
