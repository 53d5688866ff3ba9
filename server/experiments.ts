/**
 * Split tests in our server: a page under a running test (server/site.ts `experiments`) is
 * answered with the visitor's variant, chosen by runtime/experiments.ts from the visitor's address
 * (`request.ip`: from X-Forwarded-For only behind a trusted proxy, TRUST_PROXY) and user agent.
 * Nothing is set on the visitor's side: no cookie, no header they keep.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { chooseVariant, visitorOf } from '../runtime/experiments.ts';
import type { PageUnderTest, Resource } from './site.ts';

export interface ExperimentOptions {
  /**
   * The secret the day's salt is made from (EXPERIMENT_SECRET). Without one, a random secret is
   * made at start: each visitor still keeps a variant for the day, until the server restarts;
   * several processes or hosts need the same secret.
   */
  secret?: string | undefined;
  /** The clock (tests move it to another day). */
  now?: () => Date;
}

export type VariantChooser = (request: FastifyRequest, page: PageUnderTest) => Promise<Resource>;

export function variantChooser({ secret, now = () => new Date() }: ExperimentOptions = {}): VariantChooser {
  const key = secret || randomBytes(32).toString('base64url');
  return async (request, page) => {
    const visitor = visitorOf(request.ip, (name) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    });
    const chosen = await chooseVariant(page.experiment, visitor, key, now());
    return page.resources[page.experiment.variants.indexOf(chosen)] ?? page.resources[0]!;
  };
}
