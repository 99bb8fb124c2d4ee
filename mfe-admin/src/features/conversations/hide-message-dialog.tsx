import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from 'shared/query';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import { conversationCalls } from '../common/api/conversations-api';
import { ReasonDialog } from '../common/reason-dialog';
import { serverMessage } from '../common/server-message';

/** Asks why a message is hidden, hides it, and reloads every thread and report that shows it. */
export function HideMessageDialog({ messageId, senderName, onClose }: { messageId: string; senderName: string; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const hide = async (reason: string) => {
    try {
      await conversationCalls.hide(messageId, reason);
      notify.success(t`The message is hidden from the parties.`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.conversations.all });
    } catch (error) {
      notify.error(serverMessage(error) ?? t(SOMETHING_WENT_WRONG));
    }
  };
  return (
    <ReasonDialog
      title={<Trans>Hide this message from {senderName}?</Trans>}
      description={
        <Trans>The parties will see that an admin hid it instead of its text and files. It stays in the record, for the audit and for admins.</Trans>
      }
      confirmLabel={t`Hide the message`}
      withReason
      danger
      onClose={onClose}
      onConfirm={hide}
    />
  );
}
