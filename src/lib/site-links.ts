/**
 * The one URL every sign-up and buy button leads to, made at build from the configured app origin:
 * `${PUBLIC_APP_URL}/auth?flow=express&from=build_equity&intent=purchase`. Kept apart from
 * auth-link.ts, which also runs in the browser and so must not read the site config.
 */
import { site } from '../config/site.ts';
import { buildAuthUrl } from './auth-link.ts';

export const authUrl = buildAuthUrl(site.appUrl);
