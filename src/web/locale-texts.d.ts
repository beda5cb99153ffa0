/** Written by the build (scripts/locale-texts.ts). */
declare module 'virtual:locale-texts' {
  /** The folder the texts are fetched from, ending in a slash. */
  export const localeBase: string;
  /** Every texts file there, as `{tag}/{namespace}`. */
  export const localeFiles: readonly string[];
}
