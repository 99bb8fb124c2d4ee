import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from 'shared/ui';

export default function CatalogNoticePage() {
  return (
    <PagePlaceholder title={<Trans>Catalog</Trans>}>
      <p>
        <Trans>Our catalog of popular home designs is under construction.</Trans>
      </p>
    </PagePlaceholder>
  );
}
