/**
 * The owner's files as `npm run edit`'s server reads and writes them. One thing at a time: a
 * save, a promotion or the reading of the data for a page waits for the one before, so the
 * editor never reads a file its own save is half-way through writing. A file another program is
 * writing (a text editor, git) is read once it has held still for the settle time, as the site's
 * build would read it: Keystatic and many editors write a file empty first, then whole.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** A file still changing after this long is read as it is (a program appending to it for ever). */
const MOST_WAIT_MS = 5000;

export class OwnersFiles {
  #queue: Promise<unknown> = Promise.resolve();
  readonly root: string;
  readonly #settleMs: number;

  constructor(root: string, settleMs: number) {
    this.root = root;
    this.#settleMs = settleMs;
  }

  /** Runs `task` after every task handed in before it has finished. */
  exclusively<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** A file's text once it has held still for the settle time; undefined when there is none. */
  async readSettled(path: string): Promise<string | undefined> {
    const file = join(this.root, path);
    const until = Date.now() + MOST_WAIT_MS;
    for (;;) {
      const changed = await stat(file).then(
        (found) => found.mtimeMs,
        () => undefined,
      );
      if (changed === undefined) return undefined;
      const still = Date.now() - changed;
      if (still >= this.#settleMs || Date.now() >= until) break;
      await new Promise((done) => setTimeout(done, this.#settleMs - still));
    }
    return readFile(file, 'utf8').catch(() => undefined);
  }

  /** The names in a folder (none when it does not exist). */
  list(folder: string): Promise<string[]> {
    return readdir(join(this.root, folder)).catch(() => []);
  }
}
