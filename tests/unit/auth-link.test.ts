// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyUtm, buildAuthUrl, readUtm, rememberUtm, withUtm } from '../../src/lib/auth-link.ts';

const APP = 'https://app.example.com';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

describe('buildAuthUrl', () => {
  it('leads to /auth on the app origin with the express purchase parameters', () => {
    const url = new URL(buildAuthUrl(APP));
    expect(url.origin + url.pathname).toBe('https://app.example.com/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      flow: 'express',
      from: 'build_equity',
      intent: 'purchase',
    });
  });

  it('accepts an origin with a trailing slash', () => {
    expect(buildAuthUrl(`${APP}/`)).toBe(buildAuthUrl(APP));
  });

  it('adds UTM parameters after its own', () => {
    const url = new URL(buildAuthUrl(APP, { utm_source: 'newsletter', utm_campaign: 'fall' }));
    expect(url.searchParams.get('utm_source')).toBe('newsletter');
    expect(url.searchParams.get('utm_campaign')).toBe('fall');
    expect(url.searchParams.get('intent')).toBe('purchase');
  });
});

describe('readUtm', () => {
  it('keeps the five UTM keys and drops everything else', () => {
    expect(
      readUtm('?utm_source=x&utm_medium=y&utm_term=t&utm_content=c&utm_campaign=z&gclid=1&flow=evil'),
    ).toEqual({
      utm_source: 'x',
      utm_medium: 'y',
      utm_campaign: 'z',
      utm_term: 't',
      utm_content: 'c',
    });
  });

  it('drops empty and overlong values', () => {
    expect(readUtm(`?utm_source=&utm_medium=${'a'.repeat(201)}`)).toEqual({});
  });
});

describe('withUtm', () => {
  it('cannot overwrite the auth parameters', () => {
    const href = withUtm(buildAuthUrl(APP), { utm_source: 'ads' });
    expect(new URL(href).searchParams.get('flow')).toBe('express');
    expect(new URL(href).searchParams.get('utm_source')).toBe('ads');
  });
});

describe('rememberUtm', () => {
  it('remembers the landing parameters for the rest of the visit', () => {
    const storage = memoryStorage();
    expect(rememberUtm('?utm_source=podcast', storage)).toEqual({ utm_source: 'podcast' });
    expect(rememberUtm('', storage)).toEqual({ utm_source: 'podcast' });
  });

  it('lets a new campaign replace the remembered one', () => {
    const storage = memoryStorage();
    rememberUtm('?utm_source=a&utm_medium=b', storage);
    expect(rememberUtm('?utm_source=c', storage)).toEqual({ utm_source: 'c' });
    expect(rememberUtm('', storage)).toEqual({ utm_source: 'c' });
  });

  it('survives blocked or corrupt storage', () => {
    const broken = memoryStorage();
    broken.setItem('be:utm', '{not json');
    expect(rememberUtm('', broken)).toEqual({});
    const throwing = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('quota');
      },
    } as Storage;
    expect(rememberUtm('?utm_source=x', throwing)).toEqual({ utm_source: 'x' });
    expect(rememberUtm('', undefined)).toEqual({});
  });
});

describe('applyUtm', () => {
  it('rewrites only auth links', () => {
    document.body.innerHTML = `
      <a id="buy" data-auth-link href="${buildAuthUrl(APP)}">Buy</a>
      <a id="other" href="https://example.org/">Other</a>`;
    expect(applyUtm(document, { utm_source: 'x' })).toBe(1);
    expect(
      new URL(document.querySelector<HTMLAnchorElement>('#buy')!.href).searchParams.get('utm_source'),
    ).toBe('x');
    expect(document.querySelector<HTMLAnchorElement>('#other')!.href).toBe('https://example.org/');
  });

  it('does nothing without UTM parameters', () => {
    document.body.innerHTML = `<a data-auth-link href="${buildAuthUrl(APP)}">Buy</a>`;
    expect(applyUtm(document, {})).toBe(0);
  });
});
