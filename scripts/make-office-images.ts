/**
 * Draws the four virtual-office illustrations (original artwork) as SVG and renders them to
 * PNG sources in src/assets/uploads/. Astro's image pipeline then serves them as AVIF and
 * WebP at 400 and 800 px wide. Run again after changing a scene: node scripts/make-office-images.ts
 */
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const W = 1200;
const H = 750;
const INK = '#0b0b0c';
const INK2 = '#16161a';
const INK3 = '#24242a';
const LINE = '#34343b';
const ACCENT = '#f0a73a';
const SOFT = '#fdf1dc';
const PAPER = '#f6f5f2';
const MUTED = '#b4b4bd';

const frame = (
  body: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="${INK}"/>
  <rect x="40" y="40" width="${W - 80}" height="${H - 80}" rx="28" fill="${INK2}" stroke="${LINE}" stroke-width="2"/>
  <circle cx="80" cy="78" r="8" fill="${LINE}"/><circle cx="106" cy="78" r="8" fill="${LINE}"/><circle cx="132" cy="78" r="8" fill="${LINE}"/>
  ${body}
</svg>`;

const person = (x: number, y: number, r: number, fill: string) =>
  `<circle cx="${x}" cy="${y - r * 0.35}" r="${r * 0.42}" fill="${fill}"/><path d="M${x - r * 0.8} ${y + r * 0.9}c0-${r * 0.7} ${r * 0.35}-${r} ${r * 0.8}-${r}s${r * 0.8} ${r * 0.3} ${r * 0.8} ${r}z" fill="${fill}"/>`;

const bars = (x: number, y: number, widths: number[], color = MUTED) =>
  widths
    .map(
      (w, i) =>
        `<rect x="${x}" y="${y + i * 34}" width="${w}" height="14" rx="7" fill="${color}" opacity="${i === 0 ? 0.9 : 0.45}"/>`,
    )
    .join('');

// 1. Floor plan: private offices around a hallway, some occupied.
const floor = frame(`
  ${[0, 1, 2, 3].map((i) => `<rect x="${100 + i * 255}" y="130" width="225" height="200" rx="18" fill="${INK3}" stroke="${i === 1 ? ACCENT : LINE}" stroke-width="${i === 1 ? 4 : 2}"/>`).join('')}
  ${[0, 1, 2, 3].map((i) => `<rect x="${100 + i * 255}" y="430" width="225" height="200" rx="18" fill="${INK3}" stroke="${LINE}" stroke-width="2"/>`).join('')}
  <rect x="100" y="352" width="990" height="56" rx="14" fill="${INK}" stroke="${LINE}" stroke-width="2"/>
  ${person(212, 240, 46, ACCENT)}${person(467, 240, 46, SOFT)}${person(977, 240, 46, MUTED)}
  ${person(212, 540, 46, SOFT)}${person(722, 540, 46, ACCENT)}
  ${[0, 1, 2, 3].map((i) => `<circle cx="${300 + i * 255}" cy="152" r="9" fill="${i === 2 ? LINE : '#3ccf7a'}"/>`).join('')}
`);

// 2. A private office: the day's calendar beside the desk.
const calendar = frame(`
  <rect x="100" y="130" width="460" height="500" rx="20" fill="${INK3}"/>
  ${person(330, 360, 120, SOFT)}
  <rect x="150" y="520" width="360" height="24" rx="12" fill="${LINE}"/>
  <rect x="610" y="130" width="480" height="500" rx="20" fill="${INK3}"/>
  ${bars(650, 170, [180])}
  ${[0, 1, 2, 3, 4].map((i) => `<rect x="650" y="${230 + i * 76}" width="400" height="60" rx="12" fill="${i === 1 ? ACCENT : INK2}" stroke="${LINE}" stroke-width="2"/>`).join('')}
  ${[0, 1, 2, 3, 4].map((i) => `<rect x="672" y="${252 + i * 76}" width="${[160, 220, 120, 190, 150][i]}" height="14" rx="7" fill="${i === 1 ? INK : MUTED}" opacity=".8"/>`).join('')}
`);

// 3. A shared conference room: a board of six around a table.
const conference = frame(`
  <rect x="100" y="130" width="990" height="500" rx="20" fill="${INK3}"/>
  <ellipse cx="595" cy="395" rx="300" ry="120" fill="${INK}" stroke="${LINE}" stroke-width="3"/>
  ${[
    [330, 300, ACCENT],
    [595, 240, SOFT],
    [860, 300, MUTED],
    [330, 520, SOFT],
    [595, 560, MUTED],
    [860, 520, ACCENT],
  ]
    .map(([x, y, c]) => person(Number(x), Number(y), 52, String(c)))
    .join('')}
  <rect x="470" y="365" width="250" height="60" rx="14" fill="${INK2}" stroke="${ACCENT}" stroke-width="3"/>
  <rect x="495" y="388" width="200" height="14" rx="7" fill="${ACCENT}" opacity=".85"/>
`);

// 4. An AI summary: decisions and next steps.
const summary = frame(`
  <rect x="100" y="130" width="620" height="500" rx="20" fill="${PAPER}"/>
  <rect x="140" y="170" width="220" height="22" rx="11" fill="${INK}"/>
  ${bars(140, 230, [520, 480, 500, 300], '#55555e')}
  ${[0, 1, 2].map((i) => `<rect x="140" y="${400 + i * 64}" width="34" height="34" rx="8" fill="${i < 2 ? ACCENT : 'none'}" stroke="${INK}" stroke-width="3"/><rect x="196" y="${410 + i * 64}" width="${[380, 320, 260][i]}" height="14" rx="7" fill="${INK}" opacity=".7"/>`).join('')}
  <rect x="760" y="130" width="330" height="500" rx="20" fill="${INK3}"/>
  <circle cx="925" cy="290" r="92" fill="none" stroke="${LINE}" stroke-width="18"/>
  <path d="M925 198a92 92 0 0 1 87 122" fill="none" stroke="${ACCENT}" stroke-width="18" stroke-linecap="round"/>
  ${bars(810, 440, [230, 190, 210])}
`);

const scenes = {
  'office-floor': floor,
  'office-calendar': calendar,
  'office-conference': conference,
  'office-summary': summary,
};

for (const [name, svg] of Object.entries(scenes)) {
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  await writeFile(new URL(`../src/assets/uploads/${name}.png`, import.meta.url), png);
  console.log(`src/assets/uploads/${name}.png ${(png.length / 1024).toFixed(0)} KiB`);
}
