import { interpolate, interpolateAll, pluralKeys, textAt, type Texts } from './text-format.ts';

/**
 * The app's texts: one language shown at a time, each screen's namespace loaded on first use, English as
 * the fallback for a key a translation lacks (fetched only once such a key is met). Components read it
 * through useTranslation (use-translation.tsx); code outside React through `translate`.
 */

export const FALLBACK_TAG = 'en';
export const DEFAULT_NAMESPACE = 'common';

export interface TextOptions {
  /** The namespace to look in, instead of the component's. */
  ns?: string;
  /** Picks the plural form (`key_one`, `key_other`…) and fills `{{count}}`. */
  count?: number;
  /** Shown when no language has the key (the key itself otherwise). */
  defaultValue?: string;
  [value: string]: unknown;
}

export interface TFunction {
  /** A text's whole object (a legal document's sections), its strings filled in. */
  (key: string, options: TextOptions & { returnObjects: true }): unknown;
  (key: string, options?: TextOptions): string;
}

type NamespaceLoader = (tag: string, namespace: string) => Promise<Texts>;

let shownTag = FALLBACK_TAG;
let shown = false;
let loadNamespace: NamespaceLoader = () => Promise.resolve({});
const loaded = new Map<string, Texts>();
const loading = new Map<string, Promise<void>>();
const fallbackWanted = new Set<string>();
let version = 0;
const listeners = new Set<() => void>();
let noted: Set<string> | null = null;
let whenShown: () => void = () => {};
const firstShown = new Promise<void>((resolve) => (whenShown = resolve));

const slot = (tag: string, namespace: string) => `${tag}/${namespace}`;

export function setNamespaceLoader(loader: NamespaceLoader) {
  loadNamespace = loader;
}

export const shownLanguageTag = () => shownTag;
export const textsVersion = () => version;

export function subscribeTexts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  version++;
  for (const listener of listeners) listener();
}

/** Every text of a language is shown from now on (its namespaces in use must be loaded first). */
export function showTag(tag: string) {
  shownTag = tag;
  shown = true;
  whenShown();
  changed();
}

export function textsLoaded(tag: string, namespaces: readonly string[]): boolean {
  return namespaces.every((namespace) => loaded.has(slot(tag, namespace)));
}

/** The namespaces loaded so far for the language shown: what a change of language must load first. */
export function namespacesInUse(): string[] {
  const prefix = `${shownTag}/`;
  return [...loaded.keys()].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
}

/** Loads namespaces once each; the same promise for a namespace still on its way (Suspense waits on it). */
export function loadTexts(tag: string, namespaces: readonly string[]): Promise<void> {
  return Promise.all(
    namespaces.map((namespace) => {
      const key = slot(tag, namespace);
      let pending = loading.get(key);
      if (!pending) {
        pending = loadNamespace(tag, namespace).then(
          (texts) => void loaded.set(key, texts),
          (error: unknown) => {
            loading.delete(key);
            throw error;
          },
        );
        loading.set(key, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/** Namespaces a screen will need, loaded as soon as the language to show is known. */
export function preloadTexts(namespaces: readonly string[]) {
  void firstShown.then(() => loadTexts(shownTag, namespaces)).catch(() => undefined);
}

/** The namespaces `useTranslation` is asked for while `render` runs (a server-rendered page's texts). */
export function noteNamespacesUsed<T>(render: () => T): { result: T; namespaces: string[] } {
  noted = new Set();
  try {
    const result = render();
    return { result, namespaces: [...noted] };
  } finally {
    noted = null;
  }
}

export function noteUsed(namespaces: readonly string[]) {
  if (noted) for (const namespace of namespaces) noted.add(namespace);
}

/** A key the shown language lacks: English is fetched for that namespace, then every text shown again. */
function wantFallback(namespace: string) {
  if (fallbackWanted.has(namespace) || !shown) return;
  fallbackWanted.add(namespace);
  void loadTexts(FALLBACK_TAG, [namespace]).then(changed, () => fallbackWanted.delete(namespace));
}

function find(tag: string, namespaces: readonly string[], keys: readonly string[]): unknown {
  for (const namespace of namespaces)
    for (const key of keys) {
      const value = textAt(loaded.get(slot(tag, namespace)), key);
      if (value !== undefined) return value;
    }
  return undefined;
}

/** `ns:key` names its namespace; otherwise the options' `ns`, else the component's namespaces in order. */
function namespacesFor(key: string, options: TextOptions | undefined, namespaces: readonly string[]) {
  const prefixed = /^([a-z-]+):(.+)$/.exec(key);
  if (prefixed) return { key: prefixed[2]!, namespaces: [prefixed[1]!] };
  return { key, namespaces: options?.ns ? [options.ns] : namespaces };
}

function lookUp(key: string, options: TextOptions | undefined, componentNamespaces: readonly string[]): unknown {
  const { key: path, namespaces } = namespacesFor(key, options, componentNamespaces);
  const found = find(shownTag, namespaces, pluralKeys(path, options?.count, shownTag));
  if (found !== undefined || shownTag === FALLBACK_TAG) return found;
  namespaces.forEach(wantFallback);
  return find(FALLBACK_TAG, namespaces, pluralKeys(path, options?.count, FALLBACK_TAG));
}

/** A `t` that looks in the given namespaces, in the language shown when it is called. */
export function translatorFor(namespaces: readonly string[]): TFunction {
  return ((key: string, options?: TextOptions & { returnObjects?: boolean }) => {
    const found = lookUp(key, options, namespaces);
    const values = options ?? {};
    if (options?.returnObjects && found !== undefined && typeof found === 'object')
      return interpolateAll(found, values, shownTag);
    if (typeof found === 'string') return interpolate(found, values, shownTag);
    return options?.defaultValue ?? key;
  }) as TFunction;
}

/** A text for code outside a component (a toast after a sign-in): `translate('login.welcomeToast')`. */
export const translate: TFunction = translatorFor([DEFAULT_NAMESPACE]);
