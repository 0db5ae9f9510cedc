import { paths } from '../config/paths';

const patterns = Object.values(paths)
  .filter((route) => route.path !== paths.home.path)
  .map((route) => new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}/?$`, 'i'));

/**
 * Whether a path shows the home page (spec 2: / and any path that is no other route), matched as the
 * router does (case-insensitive, optional trailing slash) but without loading it: main.tsx decides with
 * it, before any router exists, whether the public shell is enough (issue 13).
 */
export function isPublicHome(pathname: string): boolean {
  return !patterns.some((p) => p.test(pathname));
}
