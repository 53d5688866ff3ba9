/**
 * Which names a campaign page may take. Its file's name is its address (src/content/campaigns/
 * podcast.yaml is /podcast), so a name is lower-case letters, digits and hyphens, and never the
 * first part of a path the site or a host already answers: a page or file of src/pages/ (its
 * pages, robots.txt, …), the analytics' own path, and the paths the server and the hosts answer
 * beside them (runtime/answered-paths.ts: the not-found page, a redirect, the hashed files'
 * folder, the hosted editor and its API, the deploy hook, the hosts' functions), handed in. The
 * build (integrations/campaign-check.ts) and the editor (editor/app/config.ts) both ask
 * campaignNameProblem, each handing it src/pages/'s files as it reads them.
 */
import { OWN_ANALYTICS_PATHS } from '../config/analytics.ts';

const firstSegment = (path: string) => path.split('/').find(Boolean) ?? '';

/** A route file's first path segment (`community.astro`, `og/[page].png.ts`): none for `index` or a parameter. */
function routeSegment(file: string): string | undefined {
  const segment = firstSegment(file.replace(/\.(astro|ts)$/, ''));
  return segment === 'index' || segment.startsWith('[') ? undefined : segment;
}

/** A path answered beside the site's pages, and what answers it. */
export type AnsweredPath = readonly [path: string, what: string];

/**
 * Every first path segment already answered, with what answers it: `pageFiles` as paths under
 * src/pages/, `answered` the paths the server and the hosts answer.
 */
export function takenNames(
  pageFiles: readonly string[],
  answered: readonly AnsweredPath[],
): ReadonlyMap<string, string> {
  return new Map([
    ...pageFiles.flatMap((file) => {
      const segment = routeSegment(file);
      return segment ? [[segment, 'a page of the site'] as const] : [];
    }),
    ...answered.map(([path, what]) => [firstSegment(path), what] as const),
    ...OWN_ANALYTICS_PATHS.map((path) => [firstSegment(path), 'the analytics’ own path'] as const),
  ]);
}

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why `name` cannot be a campaign page's name, or undefined when it can; `taken` from takenNames. */
export function campaignNameProblem(name: string, taken: ReadonlyMap<string, string>): string | undefined {
  const what = taken.get(name);
  if (what) return `/${name} is already ${what}: choose another name`;
  if (!NAME.test(name) || name.length > 60)
    return `"${name}" must be lower-case letters, digits and hyphens (at most 60), e.g. podcast or spring-sale`;
  return undefined;
}
