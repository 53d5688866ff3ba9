/**
 * The first-round-trip budget counts the bytes a browser needs to read a page up to the end of its
 * first screen: the owner's words below it weigh on the whole page, hardly on that count.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstScreenEnd } from '../../integrations/first-screen/sections.ts';
import { FIRST_ROUND_TRIP_BYTES, firstScreenBytes } from '../http/page-weight.ts';

/** A page as the build makes it: a head, a first screen, and sections below it. */
const section = (id: string, words: string) => `<section id="${id}"><h2>${id}</h2><p>${words}</p></section>`;
const page = (below: string) =>
  `<!doctype html><html><head><title>t</title><style>body{margin:0}</style></head><body><nav>n</nav><main>${section('hero', 'The headline and its lede.')}${section('second', 'What a tall window also shows.')}${below}</main><footer>f</footer></body></html>`;

/** Words an owner might write, drawn from a hash of their place, so no compressor folds them away. */
function prose(words: number): string {
  const syllables = ['pro', 'fit', 'own', 'er', 'cash', 'plan', 'ex', 'it', 'board', 'score', 'sell', 'team'];
  return Array.from({ length: words }, (_, n) => {
    const bytes = createHash('sha256').update(String(n)).digest();
    return [...bytes.subarray(0, 1 + (bytes[31]! % 3))].map((b) => syllables[b % syllables.length]).join('');
  }).join(' ');
}

describe('the bytes of a first screen', () => {
  it('are those of the start of the body that decodes past the first screen’s last element', () => {
    const html = page(section('faq', prose(200)));
    const br = brotliCompressSync(html);
    const needed = firstScreenBytes(br);
    const cut = Buffer.byteLength(html.slice(0, firstScreenEnd(html)));
    const finishFlush = constants.BROTLI_OPERATION_FLUSH;
    expect(brotliDecompressSync(br.subarray(0, needed), { finishFlush }).length).toBeGreaterThanOrEqual(cut);
    expect(brotliDecompressSync(br.subarray(0, needed - 1), { finishFlush }).length).toBeLessThan(cut);
  });

  it('barely grow with the words below the first screen, while the whole page goes far past one round trip', () => {
    const short = brotliCompressSync(page(section('faq', prose(50))));
    const long = brotliCompressSync(page(section('faq', prose(20_000))));
    expect(long.length).toBeGreaterThan(2 * FIRST_ROUND_TRIP_BYTES);
    // All they add is to the code tables brotli sends ahead of the text: under 2% of their weight.
    expect(firstScreenBytes(long) - firstScreenBytes(short)).toBeLessThan((long.length - short.length) / 50);
  });
});
