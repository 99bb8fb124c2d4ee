import { useLingui } from '@lingui/react/macro';
import type { ProjectDocument } from 'shared/contract';
import { useFormatters, useReferenceNames } from '../../common/reference';
import type { ProjectFields } from '../use-project-wizard';

interface ReviewStepProps {
  values: ProjectFields;
  budgetMin: number | null;
  budgetMax: number | null;
  savedDocuments: ProjectDocument[];
  files: File[];
}

/** Step 4: the project as it will be published. */
export function ReviewStep({ values, budgetMin, budgetMax, savedDocuments, files }: ReviewStepProps) {
  const { t } = useLingui();
  const names = useReferenceNames();
  const format = useFormatters();
  return (
    <dl className="client-review">
      <div>
        <dt>{t`Title`}</dt>
        <dd>{values.title}</dd>
      </div>
      <div>
        <dt>{t`Category`}</dt>
        <dd>{names.category(values.category)}</dd>
      </div>
      <div>
        <dt>{t`Description`}</dt>
        <dd className="client-pre">{values.description}</dd>
      </div>
      <div>
        <dt>{t`Location`}</dt>
        <dd>
          {values.city}, {names.country(values.country)}
        </dd>
      </div>
      <div>
        <dt>{t`Desired start`}</dt>
        <dd>{values.desired_start ? format.date(values.desired_start) : t`Not said`}</dd>
      </div>
      <div>
        <dt>{t`Budget`}</dt>
        <dd>{format.range(budgetMin, budgetMax, values.currency || 'EUR') ?? t`Not said`}</dd>
      </div>
      <div>
        <dt>{t`Documents`}</dt>
        <dd>
          {savedDocuments.length + files.length === 0
            ? t`None`
            : [...savedDocuments.map((document) => document.file_name), ...files.map((file) => file.name)].join(', ')}
        </dd>
      </div>
    </dl>
  );
}
