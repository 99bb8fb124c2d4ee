/** Federation names of the remotes (valid JS identifiers), and the folder each is built from. */
export const REMOTE_PACKAGES = {
  mfe_landing: 'mfe-landing',
  mfe_auth: 'mfe-auth',
  mfe_client: 'mfe-client',
  mfe_admin: 'mfe-admin',
  mfe_chat: 'mfe-chat',
} as const;

export type RemoteName = keyof typeof REMOTE_PACKAGES;

export const REMOTE_NAMES = Object.keys(REMOTE_PACKAGES) as RemoteName[];

/** The element in which the production server writes `remotes.json` into each page it sends. */
export const REMOTES_CONFIG_ELEMENT_ID = 'remotes-config';

/** `remotes.json`: remote name → URL of its `mf-manifest.json`. */
export type RemotesConfig = Partial<Record<RemoteName, string>>;

export function isRemoteName(value: string): value is RemoteName {
  return Object.prototype.hasOwnProperty.call(REMOTE_PACKAGES, value);
}
