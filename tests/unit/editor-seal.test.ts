/**
 * Sealing with the setup code (editor/api/setup/seal.ts): what is sealed opens with the same code
 * and purpose only, a changed byte opens nothing, and the sealed text shows nothing of what it holds.
 */
import { describe, expect, it } from 'vitest';
import { sameCode, seal, unseal } from '../../editor/api/setup/seal.ts';

const CODE = 'a setup code of some length';
const VALUE = { clientSecret: 'the-client-secret-0123', appId: 7 };

describe('sealing with the setup code', () => {
  it('opens with the code and purpose it was sealed with, and shows nothing of the value', async () => {
    const sealed = await seal(VALUE, CODE, 'credentials');
    expect(sealed).not.toContain('the-client-secret');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await unseal(sealed, CODE, 'credentials')).toEqual(VALUE);
  });

  it('opens nothing with another code, another purpose, or a changed byte', async () => {
    const sealed = await seal(VALUE, CODE, 'credentials');
    expect(await unseal(sealed, `${CODE}.`, 'credentials')).toBeNull();
    expect(await unseal(sealed, CODE, 'setup flow')).toBeNull();
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    expect(await unseal(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, CODE, 'credentials')).toBeNull();
    expect(await unseal('not sealed', CODE, 'credentials')).toBeNull();
  });

  it('seals the same value differently each time (a fresh salt and nonce)', async () => {
    expect(await seal(VALUE, CODE, 'credentials')).not.toBe(await seal(VALUE, CODE, 'credentials'));
  });

  it('tells the same code from another', async () => {
    expect(await sameCode(CODE, CODE)).toBe(true);
    expect(await sameCode(`${CODE} `, CODE)).toBe(false);
    expect(await sameCode('', CODE)).toBe(false);
  });
});
