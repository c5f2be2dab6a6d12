import type { NavLink } from '../site.config.ts';

/** Normalises a path so `/about/` and `/about` compare equal. */
const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * Whether `link` is the section the visitor is in. Practice Areas and Insights
 * stay highlighted on every page beneath them (`/practice-area/...`, `/insight/...`);
 * a parent is current when one of its children is.
 */
export function isCurrent(link: NavLink, pathname: string): boolean {
  const path = trimSlash(pathname);
  if (link.activePrefix && path.startsWith(link.activePrefix)) return true;
  if (trimSlash(link.href) === path) return true;
  return link.children?.some((child) => isCurrent(child, pathname)) ?? false;
}
