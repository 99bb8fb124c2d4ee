// Plain data only: the API imports this too.
export { REMOTE_PACKAGES, REMOTE_NAMES, REMOTES_CONFIG_ELEMENT_ID, isRemoteName } from './remote-names';
export type { RemoteName, RemotesConfig } from './remote-names';
export { REMOTE_EXPOSES } from './contract';
export type { ExposedName, RemoteModules } from './contract';
