/**
 * The GitHub stand-in's App side (./github-stand-in.ts): the App-manifest flow and installations,
 * as the editor's setup page meets them.
 *
 * - github.com: the manifest form's post (`/settings/apps/new?state=`, or an organisation's), which
 *   shows GitHub's confirmation with a "Create GitHub App" link back to the manifest's
 *   `redirect_url` with a one-time `code` and the `state`; the app's install page
 *   (`/apps/:slug/installations/new`), whose links install it on the site's repository alone, on
 *   all repositories, on another repository, or on none, each back to the manifest's `setup_url`;
 * - api.github.com: `POST /app-manifests/:code/conversions` (each code good once; `refuseConversions`
 *   makes GitHub refuse), and, with the app's JWT (RS256, checked against the app's key), an
 *   installation's token; with that token, the installation's repositories.
 *
 * The app's client id and secret are the stand-in's sign-in pair from then on.
 */
import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';

/** A manifest as the setup page posted it, with where it was posted. */
export interface PostedManifest {
  /** `/settings/apps/new`, or `/organizations/:org/settings/apps/new`. */
  path: string;
  state: string | null;
  manifest: Record<string, unknown> & { redirect_url: string; setup_url: string };
}

export interface CreatedStandInApp {
  id: number;
  slug: string;
  clientId: string;
  clientSecret: string;
  publicKey: KeyObject;
  manifest: PostedManifest['manifest'];
}

/** Where an install link puts the app: the site's repository alone, all, another, none. */
export type InstallChoice = 'site' | 'all' | 'other' | 'none';
const CHOICES: Record<InstallChoice, string> = {
  site: 'Install on the site’s repository only',
  all: 'Install on all repositories',
  other: 'Install on another repository only',
  none: 'Install on no repository',
};

export interface AppAnswer {
  status: number;
  json?: unknown;
  html?: { title: string; inner: string };
}

interface AppsContext {
  repo: string;
  escapeHtml: (text: string) => string;
  /** Adds a token that may write to the repository (an installation's). */
  issueToken: () => string;
  /** The app's sign-in pair becomes the stand-in's. */
  useClient: (clientId: string, clientSecret: string) => void;
}

export class GitHubApps {
  readonly manifests: PostedManifest[] = [];
  readonly apps: CreatedStandInApp[] = [];
  /** GitHub's refusal of every conversion from now on, in its words (null: conversions work). */
  refuseConversions: string | null = null;
  private readonly codes = new Map<string, PostedManifest>();
  private readonly installations = new Map<number, InstallChoice>();
  private readonly tokens = new Map<string, number>();
  private readonly context: AppsContext;

  constructor(context: AppsContext) {
    this.context = context;
  }

  /** github.com's pages of the flow; null for any other path. */
  page(method: string, path: string, query: URLSearchParams, body: string): AppAnswer | null {
    const { escapeHtml } = this.context;
    if (method === 'POST' && /^(\/organizations\/[\w-]+)?\/settings\/apps\/new$/.test(path)) {
      const manifest = JSON.parse(
        new URLSearchParams(body).get('manifest') ?? '{}',
      ) as PostedManifest['manifest'];
      const posted: PostedManifest = { path, state: query.get('state'), manifest };
      this.manifests.push(posted);
      const code = randomBytes(10).toString('hex');
      this.codes.set(code, posted);
      const back = new URL(manifest.redirect_url);
      back.searchParams.set('code', code);
      if (posted.state) back.searchParams.set('state', posted.state);
      return {
        status: 200,
        html: {
          title: 'Create GitHub App',
          inner: `<p>${escapeHtml(String(manifest['name']))}</p><p><a href="${escapeHtml(back.toString())}">Create GitHub App</a></p>`,
        },
      };
    }
    const install = /^\/apps\/([\w-]+)\/installations\/new$/.exec(path);
    const app = install && this.apps.find((each) => each.slug === install[1]);
    if (method === 'GET' && app) {
      const links = (Object.keys(CHOICES) as InstallChoice[]).map((choice) => {
        const id = 1000 + this.installations.size;
        this.installations.set(id, choice);
        const back = new URL(app.manifest.setup_url);
        back.searchParams.set('installation_id', String(id));
        back.searchParams.set('setup_action', 'install');
        if (query.get('state')) back.searchParams.set('state', query.get('state')!);
        return `<li><a href="${escapeHtml(back.toString())}">${CHOICES[choice]}</a></li>`;
      });
      return { status: 200, html: { title: `Install ${app.slug}`, inner: `<ul>${links.join('')}</ul>` } };
    }
    return null;
  }

  /** api.github.com's answers of the flow; null for any other path. */
  api(method: string, path: string, authorization: string): AppAnswer | null {
    const conversion = /^\/app-manifests\/([^/]+)\/conversions$/.exec(path);
    if (conversion && method === 'POST') return this.convert(decodeURIComponent(conversion[1]!));
    const tokenFor = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path);
    if (tokenFor && method === 'POST') {
      if (!this.appOfJwt(authorization))
        return { status: 401, json: { message: 'A JSON web token could not be decoded' } };
      const id = Number(tokenFor[1]);
      if (!this.installations.has(id)) return { status: 404, json: { message: 'Not Found' } };
      const token = this.context.issueToken();
      this.tokens.set(token, id);
      return { status: 201, json: { token, expires_at: new Date(Date.now() + 3600_000).toISOString() } };
    }
    if (path === '/installation/repositories' && method === 'GET') {
      const id = this.tokens.get(authorization.replace(/^(Bearer|token)\s+/i, ''));
      if (id === undefined) return { status: 401, json: { message: 'Bad credentials' } };
      const choice = this.installations.get(id)!;
      const [owner] = this.context.repo.split('/');
      const names = {
        site: [this.context.repo],
        all: [this.context.repo, `${owner}/other`],
        other: [`${owner}/other`],
        none: [],
      }[choice];
      return {
        status: 200,
        json: {
          total_count: names.length,
          repository_selection: choice === 'all' ? 'all' : 'selected',
          repositories: names.map((full_name) => ({ full_name })),
        },
      };
    }
    return null;
  }

  private convert(code: string): AppAnswer {
    if (this.refuseConversions) return { status: 422, json: { message: this.refuseConversions } };
    const posted = this.codes.get(code);
    if (!posted) return { status: 404, json: { message: 'Not Found' } };
    this.codes.delete(code);
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const id = 500 + this.apps.length;
    const slug = String(posted.manifest['name'])
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    const app: CreatedStandInApp = {
      id,
      slug,
      clientId: `Iv23.app${id}`,
      clientSecret: randomBytes(20).toString('hex'),
      publicKey,
      manifest: posted.manifest,
    };
    this.apps.push(app);
    this.context.useClient(app.clientId, app.clientSecret);
    return {
      status: 201,
      json: {
        id,
        slug,
        name: posted.manifest['name'],
        owner: { login: this.context.repo.split('/')[0] },
        client_id: app.clientId,
        client_secret: app.clientSecret,
        webhook_secret: null,
        pem: privateKey.export({ type: 'pkcs1', format: 'pem' }),
      },
    };
  }

  /** The app whose key signed this JWT (and whose id it names), while it is good. */
  private appOfJwt(authorization: string): CreatedStandInApp | undefined {
    const [head, claims, signature] = authorization.replace(/^Bearer\s+/i, '').split('.');
    if (!head || !claims || !signature) return undefined;
    const { iss, exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
      iss: string;
      exp: number;
    };
    const app = this.apps.find((each) => String(each.id) === iss);
    if (!app || exp * 1000 < Date.now()) return undefined;
    const good = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      app.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    return good ? app : undefined;
  }
}
