/**
 * What the build refused, read from its output: each data file it names, with the fields it names
 * there as the editor labels them ("Prices and figures → The Oh Sh*t Kit → Price (one-time, USD)
 * (kit.price): must be a number"). On GitHub each becomes an error annotation on the file, which
 * the pull request and the editor's Publish show.
 */
import { stripVTControlCharacters } from 'node:util';

export interface Refusal {
  /** The data file, from the project's root. */
  file: string;
  message: string;
}

/** A data file or an upload named in the build's output. */
const NAMED_FILE = /\b(src\/content\/[\w./-]+\.yaml|src\/assets\/uploads\/[\w./-]+)/;
/** A field as the build names it, under its file: labels, then the field's path in brackets, then why. */
const FIELD = /^\s+(?:- |[\w.[\]-]+: )?(\S.* → .*\([\w.[\]-]+\): .+)$/;

export function refusalsIn(output: string): Refusal[] {
  const refusals = new Map<string, Refusal>();
  let file: string | undefined;
  let heading = '';
  let fields = 0;
  const close = () => {
    if (file && fields === 0) refusals.set(`${file}\n${heading}`, { file, message: heading });
  };
  for (const line of stripVTControlCharacters(output).split('\n')) {
    const field = FIELD.exec(line)?.[1];
    if (field && file) {
      refusals.set(`${file}\n${field}`, { file, message: field });
      fields += 1;
      continue;
    }
    const named = NAMED_FILE.exec(line)?.[1];
    // The same file named again (where the error points, a stack frame) adds nothing.
    if (named && named !== file) {
      close();
      file = named;
      heading = line.trim();
      fields = 0;
    }
  }
  close();
  return [...refusals.values()];
}

/** GitHub's workflow command for an error (on a file, when it names one), its values escaped as the runner reads them. */
export function annotation({ file, message }: { file?: string; message: string }): string {
  const data = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::error${file === undefined ? '' : ` file=${property(file)}`}::${data(message)}`;
}
