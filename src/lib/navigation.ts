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

/**
 * The links without those to a page in `notBuilt`, at any depth, so no menu
 * points at a page the build left out. A parent left with no children loses
 * its (empty) menu but keeps its own link.
 */
export function withoutLinksTo(links: readonly NavLink[], notBuilt: readonly string[]): NavLink[] {
  const isBuilt = (link: NavLink) => !notBuilt.some((path) => trimSlash(path) === trimSlash(link.href));
  return links.filter(isBuilt).map(({ children, ...link }) => {
    const kept = children && withoutLinksTo(children, notBuilt);
    return kept?.length ? { ...link, children: kept } : link;
  });
}
