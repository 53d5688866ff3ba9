/**
 * Sample content guard: testimonials and the shipping terms ship as samples until the owner
 * supplies real ones. A production build prints a warning for every sample that remains.
 */
export interface MaybeSample {
  sample: boolean;
  /** How the warning names the item. */
  name: string;
}

export function warnAboutSamples(file: string, items: readonly MaybeSample[]): number {
  const samples = items.filter((item) => item.sample);
  if (samples.length > 0 && import.meta.env.PROD) {
    console.warn(
      `[content] ${file}: ${samples.length} sample(s) still in place ` +
        `(${samples.map((item) => item.name).join(', ')}). Replace them with real content and untick "Sample".`,
    );
  }
  return samples.length;
}
