/**
 * A changed data file is read once its size has held this long. Keystatic writes a save as an
 * empty file first, then the whole: read in between, the page would keep the old copy until the
 * next save.
 */
export const SAVE_SETTLES_MS = 250;
