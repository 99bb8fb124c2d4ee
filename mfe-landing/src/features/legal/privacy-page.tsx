import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from 'shared/ui';

export default function PrivacyPage() {
  return <PagePlaceholder title={<Trans>Privacy policy</Trans>} />;
}
