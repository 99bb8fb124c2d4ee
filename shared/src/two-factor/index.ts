// The authenticator set-up and the recovery codes, which the sign-in pages and Settings both show.
// Apart from `shared/ui`, which the shell provides to every page: these bring the forms with them.
export { AuthenticatorSetup, groupedSecret } from './authenticator-setup';
export { RecoveryCodes } from './recovery-codes';
