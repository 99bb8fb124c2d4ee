import { NavLink, type NavLinkProps } from 'react-router-dom';
import { findRoute } from 'shared/routing';
import { preloadRoute } from '../common/load-remote-module';

/** A navigation link that starts loading its page (its remote and the page's own code) when pointed at or focused. */
export function PreloadNavLink(props: NavLinkProps & { to: string }) {
  const warm = () => preloadRoute(findRoute(props.to));
  return <NavLink {...props} onMouseEnter={warm} onFocus={warm} />;
}
