/**
 * The 1200x630 Open Graph images, drawn as SVG and rendered to PNG with sharp at build time.
 * Original artwork in the site's palette: the logo's rising bars, the page's headline.
 */
import sharp from 'sharp';

export interface OgCard {
  eyebrow: string;
  title: string;
  footer: string;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Breaks a title into lines of at most `max` characters. */
export function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function ogSvg({ eyebrow, title, footer }: OgCard): string {
  const lines = wrap(title, 26).slice(0, 4);
  const titleSvg = lines
    .map(
      (line, i) =>
        `<text x="80" y="${250 + i * 78}" font-size="66" font-weight="700" fill="#ffffff" font-family="DejaVu Serif, Georgia, serif">${escape(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0b0b0c"/>
  <rect x="0" y="586" width="1200" height="44" fill="#f0a73a"/>
  <g transform="translate(930 150)">
    <rect x="0" y="190" width="50" height="110" rx="8" fill="#f0a73a" opacity=".45"/>
    <rect x="70" y="120" width="50" height="180" rx="8" fill="#f0a73a" opacity=".7"/>
    <rect x="140" y="30" width="50" height="270" rx="8" fill="#f0a73a"/>
  </g>
  <text x="80" y="140" font-size="28" font-weight="700" letter-spacing="4" fill="#f0a73a" font-family="DejaVu Sans, Arial, sans-serif">${escape(eyebrow.toUpperCase())}</text>
  ${titleSvg}
  <text x="80" y="560" font-size="28" fill="#b4b4bd" font-family="DejaVu Sans, Arial, sans-serif">${escape(footer)}</text>
</svg>`;
}

export async function ogPng(card: OgCard): Promise<Buffer> {
  return sharp(Buffer.from(ogSvg(card)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
