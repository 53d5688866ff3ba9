import { describe, expect, it } from 'vitest';
import { defineContent, testimonialSchema, z } from '../../src/content/schema.ts';
import { pageMeta } from '../../src/content/meta.ts';

describe('content validation', () => {
  it('names the file and each bad field when content is wrong', () => {
    expect(() =>
      defineContent('src/content/example.ts', z.array(testimonialSchema), [
        { quote: 'Great', author: '', position: 'CEO', avatar: '/a.png', stars: 7, sample: true },
      ]),
    ).toThrow(/Invalid content in src\/content\/example\.ts:[\s\S]*0\.author[\s\S]*0\.stars/);
  });

  it('names a missing field', () => {
    expect(() =>
      // @ts-expect-error: the field is missing on purpose
      defineContent('src/content/x.ts', z.object({ title: z.string() }), {}),
    ).toThrow(/src\/content\/x\.ts[\s\S]*title/);
  });

  it('gives every page a canonical path and a social image', () => {
    expect(pageMeta.kit.canonicalPath).toBe('/');
    expect(pageMeta.community.canonicalPath).toBe('/community');
    for (const meta of Object.values(pageMeta)) expect(meta.ogImage).toMatch(/^\/.+\.png$/);
  });
});
