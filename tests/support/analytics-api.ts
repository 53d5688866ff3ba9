/**
 * A stand-in for the read side of both analytics providers, on 127.0.0.1, answering whatever query
 * is asked from one log of events, so every figure it gives agrees with every other and with the
 * log a test counts itself:
 *
 * - Plausible's Stats API v2, `POST /api/v2/query` (`Authorization: Bearer <key>`): `site_id`,
 *   `metrics` (visitors, events), `date_range` (two dates, both days counted), `dimensions` and
 *   `filters` (`is`) over `event:goal`, `event:page`, `event:props:<name>` and `visit:device`;
 *   answers `{ results: [{ dimensions, metrics }], meta: {}, query }`, a property an event lacks
 *   being `(none)`; a wrong key is 401, an unknown site 400, as Plausible answers them.
 * - Umami's API, `GET /api/websites/:id/stats` (Umami Cloud's: `/v1/websites/:id/…`) (`{ pageviews, visitors, visits, bounces,
 *   totaltime }`, Umami 2.18 and later), `/metrics?type=event` (`[{ x: name, y: events }]`) and
 *   `/event-data/values?eventName=&propertyName=` (`[{ value, total }]`), each between `startAt`
 *   and `endAt` (ms) and narrowed by `tag`, `url` and `device`; the key in `x-umami-api-key` or
 *   as a bearer token; a wrong key is 401, an unknown website 404.
 *
 * Every request is recorded, headers included, for the test to read.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface LoggedEvent {
  at: Date;
  visitor: string;
  /** `pageview`, or a custom event's name (a goal in Plausible). */
  name: string;
  page: string;
  /** As Plausible names devices; Umami's are the same in lower case. */
  device: 'Mobile' | 'Tablet' | 'Desktop' | 'Laptop';
  props: Record<string, string>;
}

export interface AnalyticsApi {
  origin: string;
  log: LoggedEvent[];
  requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[];
  close: () => Promise<void>;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function dimensionOf(event: LoggedEvent, dimension: string): string | undefined {
  if (dimension === 'event:goal') return event.name === 'pageview' ? undefined : event.name;
  if (dimension === 'event:page') return event.page;
  if (dimension === 'visit:device') return event.device;
  if (dimension.startsWith('event:props:'))
    return event.props[dimension.slice('event:props:'.length)] ?? '(none)';
  throw new Error(`the stand-in does not know the dimension ${dimension}`);
}

function plausible(log: LoggedEvent[], body: string, siteId: string) {
  const query = JSON.parse(body) as {
    site_id: string;
    metrics: string[];
    date_range: [string, string];
    dimensions?: string[];
    filters?: [string, string, string[]][];
  };
  if (query.site_id !== siteId)
    return [400, { error: `Site does not exist or user does not have access to it.` }] as const;
  const [start, end] = query.date_range;
  const matching = log.filter(
    (event) =>
      day(event.at) >= start &&
      day(event.at) <= end &&
      (query.filters ?? []).every(([operator, dimension, values]) => {
        if (operator !== 'is') throw new Error(`the stand-in does not know the operator ${operator}`);
        const value = dimensionOf(event, dimension);
        return value !== undefined && values.includes(value);
      }),
  );
  const dimensions = query.dimensions ?? [];
  const groups = new Map<string, LoggedEvent[]>();
  for (const event of matching) {
    const values = dimensions.map((dimension) => dimensionOf(event, dimension));
    if (values.some((value) => value === undefined)) continue;
    const key = JSON.stringify(values);
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  const results = [...groups].map(([key, events]) => ({
    dimensions: JSON.parse(key) as string[],
    metrics: query.metrics.map((metric) => {
      if (metric === 'visitors') return new Set(events.map((event) => event.visitor)).size;
      if (metric === 'events') return events.filter((event) => event.name !== 'pageview').length;
      throw new Error(`the stand-in does not know the metric ${metric}`);
    }),
  }));
  results.sort((a, b) => b.metrics[0]! - a.metrics[0]!);
  return [200, { results, meta: {}, query }] as const;
}

function umami(log: LoggedEvent[], path: string, params: URLSearchParams) {
  const startAt = Number(params.get('startAt'));
  const endAt = Number(params.get('endAt'));
  if (!Number.isFinite(startAt) || !Number.isFinite(endAt))
    return [400, { error: 'startAt and endAt are required' }] as const;
  const tagOf = (event: LoggedEvent) =>
    event.props['experiment'] ? `${event.props['experiment']}:${event.props['variant']}` : undefined;
  const matching = log.filter(
    (event) =>
      event.at.getTime() >= startAt &&
      event.at.getTime() <= endAt &&
      (!params.has('tag') || tagOf(event) === params.get('tag')) &&
      (!params.has('url') || event.page === params.get('url')) &&
      (!params.has('device') || event.device.toLowerCase() === params.get('device')),
  );
  if (path === 'stats') {
    const pageviews = matching.filter((event) => event.name === 'pageview');
    return [
      200,
      {
        pageviews: pageviews.length,
        visitors: new Set(matching.map((e) => e.visitor)).size,
        visits: pageviews.length,
        bounces: 0,
        totaltime: 0,
      },
    ] as const;
  }
  if (path === 'metrics' && params.get('type') === 'event') {
    const counts = new Map<string, number>();
    for (const event of matching)
      if (event.name !== 'pageview') counts.set(event.name, (counts.get(event.name) ?? 0) + 1);
    return [200, [...counts].map(([x, y]) => ({ x, y }))] as const;
  }
  if (path === 'event-data/values') {
    const counts = new Map<string, number>();
    const property = params.get('propertyName') ?? '';
    for (const event of matching) {
      const value = event.props[property];
      if (event.name === params.get('eventName') && value !== undefined)
        counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return [200, [...counts].map(([value, total]) => ({ value, total }))] as const;
  }
  return [404, { error: 'Not found' }] as const;
}

export async function startAnalyticsApi(options: {
  key: string;
  siteId: string;
  log: LoggedEvent[];
}): Promise<AnalyticsApi> {
  const requests: AnalyticsApi['requests'] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const body = Buffer.concat(chunks).toString();
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname + url.search,
        headers: request.headers,
        body,
      });
      const send = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      const bearer = (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      if (request.method === 'POST' && url.pathname === '/api/v2/query') {
        if (bearer !== options.key)
          return send(401, {
            error:
              'Invalid API key. Please make sure you are using a valid API key with access to the resource you are trying to reach.',
          });
        const [status, answer] = plausible(options.log, body, options.siteId);
        return send(status, answer);
      }
      // A self-hosted Umami's `/api/websites/…`, or Umami Cloud's `/v1/websites/…`.
      const website = /^(?:\/api|\/v1)\/websites\/([^/]+)\/(.+)$/.exec(url.pathname);
      if (request.method === 'GET' && website) {
        if (request.headers['x-umami-api-key'] !== options.key && bearer !== options.key)
          return send(401, { error: 'Unauthorized' });
        if (decodeURIComponent(website[1]!) !== options.siteId) return send(404, { error: 'Not found' });
        const [status, answer] = umami(options.log, website[2]!, url.searchParams);
        return send(status, answer);
      }
      return send(404, { error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    log: options.log,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
