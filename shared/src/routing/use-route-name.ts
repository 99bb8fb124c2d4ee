import { useMatches } from 'react-router-dom';

/**
 * The name of the deepest matched route. Remotes use it to pick the page to
 * render, so the route table stays the single source of paths and names.
 */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as { name?: string } | undefined;
    if (handle?.name) return handle.name;
  }
  return undefined;
}
