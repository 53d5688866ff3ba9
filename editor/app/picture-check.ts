/**
 * An uploaded picture, checked like the words are before it is saved: a camera's photo (9 MB,
 * 6000 × 4000 px) would sit in the site's repository at full weight, and the build would work it
 * down at every run. A raster picture wider or taller than MAX_SIDE, or heavier than MAX_BYTES,
 * is scaled down in the browser (a canvas: nothing leaves the owner's computer) and saved as a
 * JPEG or WebP of the size the pages can use; the owner is told what was done. A picture the
 * editor cannot make small enough, or cannot read, is refused with what to do instead. The pages
 * show an upload at most 1600 px wide: 4000 px leaves room for any later layout.
 */

export const MAX_BYTES = 5 * 1024 * 1024;
export const MAX_SIDE = 4000;

/** A picture as Keystatic's image field holds it. */
export interface Picture {
  data: Uint8Array;
  extension: string;
  filename: string;
}

/** What becomes of a picture: kept as it is, made smaller (to `width` × `height`), or refused. */
export type PictureVerdict =
  { kind: 'keep' } | { kind: 'shrink'; width: number; height: number } | { kind: 'refuse'; why: string };

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The size a picture of `width` × `height` is saved at: its own, or its longer side at MAX_SIDE. */
function fitted(width: number, height: number) {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The verdict on a picture of `bytes`, drawn at `width` × `height` (undefined: the browser cannot read it). */
export function pictureVerdict(
  bytes: number,
  size: { width: number; height: number } | undefined,
  vector: boolean,
): PictureVerdict {
  if (vector)
    return bytes > MAX_BYTES
      ? {
          kind: 'refuse',
          why: `this drawing (SVG) is ${megabytes(bytes)}, over the ${megabytes(MAX_BYTES)} a picture may be`,
        }
      : { kind: 'keep' };
  if (!size)
    return {
      kind: 'refuse',
      why: 'the editor cannot read this picture (a HEIC photo from a phone, say): save it as a JPEG or PNG first',
    };
  if (bytes <= MAX_BYTES && Math.max(size.width, size.height) <= MAX_SIDE) return { kind: 'keep' };
  return { kind: 'shrink', ...fitted(size.width, size.height) };
}

/** What the owner is told once a picture was made smaller: what it was, what is saved. */
export function shrunkInWords(
  before: { bytes: number; width: number; height: number },
  after: { bytes: number; width: number; height: number; extension: string },
): string {
  const sized = before.width !== after.width || before.height !== after.height;
  const what = sized
    ? `scaled down to ${after.width} × ${after.height} px`
    : `saved smaller at the same ${after.width} × ${after.height} px`;
  return `This picture was ${before.width} × ${before.height} px and ${megabytes(before.bytes)}: the editor ${what}, ${megabytes(after.bytes)} as ${after.extension.toUpperCase()}, before saving it (the pages show it at most 1600 px wide).`;
}

/** What the owner is told when a picture is refused. */
export const refusedInWords = (why: string) => `Not taken: ${why}. The picture before it is kept.`;

const TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/png': 'png' };

/** The picture drawn at `width` × `height` and encoded: a photo as JPEG, anything else as WebP (it keeps transparency). */
async function redrawn(bitmap: ImageBitmap, width: number, height: number, photo: boolean): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the browser could not draw this picture smaller'))),
      photo ? 'image/jpeg' : 'image/webp',
      0.85,
    ),
  );
}

/**
 * The picture as it is to be saved, with the words saying what was done to it (none when it is
 * kept as it came), or the words saying why it is refused.
 */
export async function checkedPicture(
  picture: Picture,
): Promise<{ picture: Picture; told?: string } | { refused: string }> {
  const bytes = picture.data.byteLength;
  const vector = /^svg$/i.test(picture.extension);
  const bitmap = vector
    ? undefined
    : await createImageBitmap(new Blob([picture.data as BlobPart])).catch(() => undefined);
  try {
    const verdict = pictureVerdict(bytes, bitmap, vector);
    if (verdict.kind === 'refuse') return { refused: refusedInWords(verdict.why) };
    if (verdict.kind === 'keep' || !bitmap) return { picture };
    const blob = await redrawn(bitmap, verdict.width, verdict.height, /^jpe?g$/i.test(picture.extension));
    if (blob.size > MAX_BYTES)
      return {
        refused: refusedInWords(
          `even scaled down it is ${megabytes(blob.size)}, over ${megabytes(MAX_BYTES)}`,
        ),
      };
    const extension = TYPES[blob.type] ?? picture.extension;
    const before = { bytes, width: bitmap.width, height: bitmap.height };
    const after = { bytes: blob.size, width: verdict.width, height: verdict.height, extension };
    return {
      picture: {
        data: new Uint8Array(await blob.arrayBuffer()),
        extension,
        filename: picture.filename.replace(/\.[^.]+$/, `.${extension}`),
      },
      told: shrunkInWords(before, after),
    };
  } catch (error) {
    return { refused: refusedInWords((error as Error).message) };
  } finally {
    bitmap?.close();
  }
}
