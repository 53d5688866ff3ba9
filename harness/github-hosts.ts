/**
 * Loaded into the server under test (`node --import`): its requests to GitHub (the token exchange,
 * the refresh, the revocation) go to the stand-in at GITHUB_STAND_IN instead, host first in the
 * path, as the browser's reach it through its tunnels (./github-tunnel.ts). Nothing else changes.
 */
const standIn = process.env['GITHUB_STAND_IN'];
if (!standIn)
  throw new Error('GITHUB_STAND_IN must name the GitHub stand-in, such as http://127.0.0.1:4641.');
const GITHUB_HOSTS = new Set(['github.com', 'api.github.com']);
const realFetch = globalThis.fetch;

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  if (!GITHUB_HOSTS.has(url.hostname)) return realFetch(input, init);
  const rerouted = `${standIn}/${url.hostname}${url.pathname}${url.search}`;
  return input instanceof Request ? realFetch(new Request(rerouted, input), init) : realFetch(rerouted, init);
};
