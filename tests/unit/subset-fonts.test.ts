import { describe, expect, it } from 'vitest';
import { characterSet, textDrawnIn, visibleText } from '../../integrations/subset-fonts.ts';

const page = `<!doctype html><html><head><title>Kept out</title><style>.x{}</style></head><body>
  <h1 class="font-display text-display">Sell <em>for more</em></h1>
  <p>Body text: qz</p>
  <p class="font-display uppercase">Step</p>
  <script type="module">const hidden = "JS";</script>
</body></html>`;

describe('the characters each face keeps', () => {
  it('a face drawn in some elements keeps only their text, descendants included', () => {
    const chars = characterSet(textDrawnIn(page, '.font-display'));
    for (const ch of 'Selformtp') expect(chars).toContain(ch);
    for (const ch of 'Bqz:') expect(chars).not.toContain(ch);
  });

  it('text under a case transform counts in both cases; other text only as written', () => {
    const chars = characterSet(textDrawnIn(page, '.font-display'));
    for (const ch of 'STEPstep') expect(chars).toContain(ch);
    expect(chars).not.toContain('L');
  });

  it('a face drawn everywhere keeps every character the page shows, in both cases, and nothing of the head or scripts', () => {
    const chars = characterSet(visibleText(page));
    for (const ch of 'qzQZSsBb:') expect(chars).toContain(ch);
    for (const ch of 'K"J') expect(chars).not.toContain(ch);
  });
});
