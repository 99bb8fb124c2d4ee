import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from 'shared/ui';

export default function ContractorsPage() {
  return (
    <PagePlaceholder title={<Trans>Grow your business with verified projects</Trans>}>
      <p>
        <Trans>Contractors, artisans and vendors: get verified, receive project requests and get paid per milestone.</Trans>
      </p>
    </PagePlaceholder>
  );
}
