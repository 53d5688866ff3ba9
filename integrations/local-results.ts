/**
 * The results view's server side under `npm run edit` (local mode): `GET /api/keystatic/results`,
 * the same handler the hosted editor's API runs (runtime/results/results-api.ts), with the
 * provider and key the build read from this computer's environment or the project's .env
 * (integrations/build-settings.ts); and
 * `POST /api/keystatic/promote`, which writes the winner's words and ends the test in the files,
 * as a save writes them (src/editor/results/promote.ts). Both answer loopback only, as the editor does, and promote only a
 * same-origin request (a page of another site cannot post to it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import { loopbackOnly } from '../runtime/results/access.ts';
import { resultsHandler, type ResultsSource } from '../runtime/results/results-api.ts';
import { contentPath } from '../src/content/schemas.ts';
import { planPromotion, promoteTexts } from '../src/editor/results/promote.ts';

export const RESULTS_PATH = '/api/keystatic/results';
export const PROMOTE_PATH = '/api/keystatic/promote';

function json(response: ServerResponse, status: number, body: unknown) {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 4096) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Promote in local mode: both files written, or neither (the texts are checked before). */
async function promote(root: string, request: IncomingMessage, response: ServerResponse) {
  const origin = request.headers.origin;
  if (origin !== `http://${request.headers.host}`)
    return json(response, 403, { message: 'Promote from the editor’s own page.' });
  let asked: { experiment?: unknown; variant?: unknown };
  try {
    asked = JSON.parse(await readBody(request)) as typeof asked;
  } catch {
    return json(response, 400, {
      message: 'The editor sent a promotion this server cannot read: reload it.',
    });
  }
  const experimentsFile = join(root, contentPath('experiments'));
  try {
    const experiments = await readFile(experimentsFile, 'utf8');
    const [experiment, variant] = [String(asked.experiment), String(asked.variant)];
    // The page's file (or the campaign page's) the promotion writes, read before it is changed.
    const { pageFile } = planPromotion(experiments, experiment, variant).plan;
    const pageText = await readFile(join(root, pageFile), 'utf8');
    const result = promoteTexts({ experiments, page: () => pageText }, experiment, variant);
    await writeFile(join(root, result.pageFile), result.pageText);
    await writeFile(experimentsFile, result.experimentsText);
    return json(response, 200, { pageFile: result.pageFile, written: result.written });
  } catch (error) {
    return json(response, 409, { message: (error as Error).message });
  }
}

export function localResults(server: ViteDevServer, source: ResultsSource) {
  const root = server.config.root;
  // Loopback is checked below, for both paths; the handler's own check then lets every request by.
  const results = resultsHandler(source, { access: async () => 'ok', place: 'local' });
  return async (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== RESULTS_PATH && path !== PROMOTE_PATH) return next();
    if (!loopbackOnly(request.socket.remoteAddress, request.headers.host))
      return json(response, 403, { message: 'The editor answers this computer only.' });
    if (path === PROMOTE_PATH && request.method === 'POST') return promote(root, request, response);
    if (path === RESULTS_PATH && request.method === 'GET') {
      const reply = await results(new Request(`http://${request.headers.host}${request.url}`));
      return json(response, reply.status, reply.body);
    }
    response.setHeader('allow', path === PROMOTE_PATH ? 'POST' : 'GET');
    return json(response, 405, { message: 'Method Not Allowed' });
  };
}
