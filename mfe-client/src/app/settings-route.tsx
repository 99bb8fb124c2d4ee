import { ChangePasswordCard } from '../features/account-security/change-password-card';
import { PasskeysCard } from '../features/account-security/passkeys-card';
import { SessionsCard } from '../features/account-security/sessions-card';
import { TwoFactorCard } from '../features/account-security/two-factor-card';
import { EmailPreferencesCard } from '../features/email-preferences/email-preferences-card';
import { SettingsPage } from '../features/settings/settings-page';

/** The settings screen with the cards other features add to it (features do not import each other). */
export function SettingsRoute() {
  return (
    <SettingsPage
      sections={
        <>
          <ChangePasswordCard />
          <TwoFactorCard />
          <PasskeysCard />
          <SessionsCard />
          <EmailPreferencesCard />
        </>
      }
    />
  );
}
