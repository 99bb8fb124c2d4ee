import { api, send } from 'shared/api';
import type { EmailPreferenceChange, EmailPreferences } from 'shared/contract';

/** `GET /email/preferences`: every kind of e-mail a person may change, and how each is sent. */
export function getEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  return send<EmailPreferences>(api.get('email/preferences', { signal }));
}

/** `PUT /email/preferences`: how one kind is sent from now on; answers every kind as it now is. */
export function changeEmailPreference(change: EmailPreferenceChange): Promise<EmailPreferences> {
  return send<EmailPreferences>(api.put('email/preferences', { json: change }));
}
