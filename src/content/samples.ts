/**
 * Sample content guard (DESIGN.md "Words"): testimonials are samples until the owner
 * supplies real ones. A production build warns for every sample that remains.
 */
export interface MaybeSample {
  sample: boolean;
}

export function warnAboutSamples(
  file: string,
  items: readonly (MaybeSample & { author?: string })[],
): number {
  const samples = items.filter((item) => item.sample);
  if (samples.length > 0 && import.meta.env.PROD) {
    console.warn(
      `[content] ${file}: ${samples.length} sample testimonial(s) still in place ` +
        `(${samples.map((s) => s.author ?? '?').join(', ')}). Replace them with real ones and set sample: false.`,
    );
  }
  return samples.length;
}
