/**
 * Which names a campaign page may take. Its file's name is its address (src/content/campaigns/
 * podcast.yaml is /podcast), so a name is lower-case letters, digits and hyphens, and never the
 * first part of a path the site or a host already answers: a page or file of src/pages/ (its
 * pages, the not-found page, robots.txt, …), a redirect, the hashed files' folder, the hosted
 * editor and its API, the deploy hook, the hosts' functions, the analytics' own path. Each comes
 * from where it is declared. The build (integrations/campaign-check.ts) and the editor (config.ts)
 * both ask campaignNameProblem, each handing it src/pages/'s files as it reads them.
 */
import { EDITOR_API, EDITOR_PAGE } from '../../runtime/editor.ts';
import { DEPLOY_HOOK_PATH, EDITOR_FUNCTION, VERCEL_FUNCTION } from '../../runtime/function-paths.ts';
import { IMMUTABLE_PREFIX, notFoundPage, redirects } from '../../runtime/rules.ts';
import { OWN_ANALYTICS_PATHS } from '../../src/config/analytics.ts';

const firstSegment = (path: string) => path.split('/').find(Boolean) ?? '';

/** A route file's first path segment (`community.astro`, `og/[page].png.ts`): none for `index` or a parameter. */
function routeSegment(file: string): string | undefined {
  const segment = firstSegment(file.replace(/\.(astro|ts)$/, ''));
  return segment === 'index' || segment.startsWith('[') ? undefined : segment;
}

/** Every first path segment already answered, with what answers it; `pageFiles` as paths under src/pages/. */
export function takenNames(pageFiles: readonly string[]): ReadonlyMap<string, string> {
  return new Map([
    ...pageFiles.flatMap((file) => {
      const segment = routeSegment(file);
      return segment ? [[segment, 'a page of the site'] as const] : [];
    }),
    [firstSegment(notFoundPage).replace(/\.html$/, ''), 'the not-found page'],
    ...redirects.map((redirect) => [firstSegment(redirect.from), `the redirect to ${redirect.to}`] as const),
    [firstSegment(IMMUTABLE_PREFIX), 'the site’s own files'],
    [firstSegment(EDITOR_PAGE), 'the editor'],
    [firstSegment(EDITOR_API), 'the editor’s and the deploy hook’s address'],
    [firstSegment(DEPLOY_HOOK_PATH), 'the deploy hook'],
    [VERCEL_FUNCTION, 'a host’s function (split tests on Vercel)'],
    [EDITOR_FUNCTION, 'a host’s function (the editor on Netlify and Vercel)'],
    ...OWN_ANALYTICS_PATHS.map((path) => [firstSegment(path), 'the analytics’ own path'] as const),
  ]);
}

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why `name` cannot be a campaign page's name, or undefined when it can. */
export function campaignNameProblem(name: string, pageFiles: readonly string[]): string | undefined {
  const taken = takenNames(pageFiles).get(name);
  if (taken) return `/${name} is already ${taken}: choose another name`;
  if (!NAME.test(name) || name.length > 60)
    return `"${name}" must be lower-case letters, digits and hyphens (at most 60), e.g. podcast or spring-sale`;
  return undefined;
}
