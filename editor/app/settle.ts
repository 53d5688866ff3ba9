/**
 * A changed data file is read once it has held still this long. Keystatic, and many text editors,
 * write a file empty first, then whole: read in between, the editor would open with the file
 * empty (`npm run edit`'s server waits this long before it reads a file for the page).
 */
export const SAVE_SETTLES_MS = 250;
