/**
 * A page under a split test, answered on a host that runs code beside static files (Cloudflare
 * Pages, Netlify, Vercel): the visitor's variant, chosen by runtime/experiments.ts as on our
 * server, its file fetched the host's way, under the headers every page carries and never kept
 * by a shared cache. The build's data (the tests, the paths they run on, the headers) is handed
 * in by the host's function (deploy/host-functions.ts).
 */
import type { FetchFile } from './host-editor.ts';
import { chooseVariant, visitorOf, type ServedExperiment } from '../experiments.ts';

/** What the build says of its split tests, as the host's function carries it. */
export interface SplitTests {
  experiments: ServedExperiment[];
  /** URL path -> the id of the test running on the page answered there. */
  paths: Record<string, string>;
  /** Every page carries these; a page under test is never kept by a shared cache. */
  headers: Record<string, string>;
}

/** The test running on a URL path, if any. */
export function experimentAt(tests: SplitTests, path: string): ServedExperiment | undefined {
  const id = tests.paths[path];
  return id === undefined ? undefined : tests.experiments.find((experiment) => experiment.id === id);
}

/**
 * The visitor's variant of the page under test: `fetchFile` gets a file of the build from the
 * host's files; `address` is the visitor's, as the host knows it.
 */
export async function answerUnderTest(
  tests: SplitTests,
  request: Request,
  experiment: ServedExperiment,
  address: string,
  secret: string | undefined,
  fetchFile: FetchFile,
): Promise<Response> {
  const visitor = visitorOf(address, (name) => request.headers.get(name));
  const variant = await chooseVariant(experiment, visitor, secret ?? '', new Date());
  const file = await fetchFile(variant.file);
  const answer = new Response(request.method === 'HEAD' ? null : file.body, {
    status: file.status,
    headers: file.headers,
  });
  for (const [name, value] of Object.entries(tests.headers)) answer.headers.set(name, value);
  // Each variant's own validator: a browser revalidating one never gets a 304 for another.
  answer.headers.delete('etag');
  answer.headers.delete('last-modified');
  return answer;
}
