/** Types for subset-font (it ships none): https://github.com/papandreou/subset-font */
declare module 'subset-font' {
  export type VariationAxes = Record<string, number | { min: number; max: number; default?: number }>;
  export interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    preserveNameIds?: number[];
    keepFeatures?: string[];
    variationAxes?: VariationAxes;
    keepAllGlyphs?: boolean;
    noLayoutClosure?: boolean;
    glyphNames?: boolean;
    noHinting?: boolean;
    dropTables?: string[];
  }
  export default function subsetFont(
    buffer: Buffer | Uint8Array,
    text: string | null | undefined,
    options?: SubsetFontOptions,
  ): Promise<Buffer>;
}
