/**
 * Any BCP 47 tag Intl knows, in its canonical spelling ('EN-us' and 'pt_br' are 'en-US' and 'pt-BR');
 * null when it is none. Series translations and subtitle tracks share it.
 */
export function canonicalLanguageTag(value: string): string | null {
  const tag = value.trim().replace(/_/g, '-');
  if (tag.length > 35 || !/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && canonical !== 'und' ? canonical : null;
  } catch {
    return null;
  }
}
