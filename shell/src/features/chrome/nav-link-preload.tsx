import { NavLink, type NavLinkProps } from 'react-router-dom';
import { findRoute } from 'shared/routing';
import { preloadRemote } from '../common/load-remote-module';

/** A navigation link that starts loading its page's remote when pointed at or focused. */
export function PreloadNavLink(props: NavLinkProps & { to: string }) {
  const warm = () => preloadRemote(findRoute(props.to)?.remote);
  return <NavLink {...props} onMouseEnter={warm} onFocus={warm} />;
}
