import { Trans, useLingui } from '@lingui/react/macro';
import { notify } from '../ui/notify';

/**
 * Ten recovery codes, shown once: copied or downloaded now, or never seen
 * again (only their digests are kept).
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t`Recovery codes copied.`);
    } catch {
      notify.error(t`The codes could not be copied: select them and copy them by hand.`);
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'fundament-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="ui-recovery-codes" role="region" aria-label={t`Recovery codes`}>
      <p>
        <Trans>Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.</Trans>
      </p>
      <ol className="ui-recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="ui-recovery-codes__actions">
        <button type="button" className="ui-button ui-button--ghost" onClick={copy}>
          <Trans>Copy</Trans>
        </button>
        <button type="button" className="ui-button ui-button--ghost" onClick={download}>
          <Trans>Download</Trans>
        </button>
        <button type="button" className="ui-button ui-button--accent" onClick={onDone}>
          <Trans>I have saved my codes</Trans>
        </button>
      </div>
    </div>
  );
}
