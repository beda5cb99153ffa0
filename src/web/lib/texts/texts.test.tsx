import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { interpolate, pluralKeys } from './text-format.ts';
import { loadTexts, noteNamespacesUsed, setNamespaceLoader, showTag, translate, translatorFor } from './text-store.ts';
import { Trans, useTranslation } from './use-translation.tsx';

const LOCALES: Record<string, Record<string, Record<string, unknown>>> = {
  en: {
    common: {
      hello: 'Hello {{name}}',
      onlyEnglish: 'Only in English',
      legal: 'I agree to the <0>Terms</0> and <1>Privacy</1>.',
    },
    series: { count_one: '{{count}} episode', count_other: '{{count}} episodes', title: 'Series' },
  },
  ar: {
    common: { hello: 'مرحبا {{name}}' },
    series: {
      count_one: 'حلقة واحدة',
      count_two: 'حلقتان',
      count_few: '{{count}} حلقات',
      count_other: '{{count}} حلقة',
    },
  },
  de: {
    common: { hello: 'Hallo {{name}}', sections: [{ heading: '{{appName}} AG', year: 'Seit {{year}}' }] },
    series: { count_one: '{{count}} Folge', count_other: '{{count}} Folgen', title: 'Serie' },
  },
};
const asked: string[] = [];
setNamespaceLoader(async (tag, namespace) => {
  asked.push(`${tag}/${namespace}`);
  return LOCALES[tag]?.[namespace] ?? {};
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('how a text is written out', () => {
  it('picks the plural form of the language shown', () => {
    expect(pluralKeys('count', 1, 'en')[0]).toBe('count_one');
    expect(pluralKeys('count', 2, 'ar')[0]).toBe('count_two');
    expect(pluralKeys('count', 3, 'ar')[0]).toBe('count_few');
    expect(pluralKeys('count', 1, 'ja')).toEqual(['count_other', 'count']);
    expect(pluralKeys('count', undefined, 'en')).toEqual(['count']);
  });

  it('writes numbers the language way, years excepted, and keeps a placeholder without a value', () => {
    expect(interpolate('{{count}} Folgen', { count: 10_000 }, 'de')).toBe('10.000 Folgen');
    expect(interpolate('© {{year}}', { year: 2026 }, 'en')).toBe('© 2026');
    expect(interpolate('Hi {{name}}, {{missing}}', { name: 'Ana' }, 'en')).toBe('Hi Ana, {{missing}}');
  });
});

describe('the texts of the language shown', () => {
  beforeAll(async () => {
    await loadTexts('de', ['common', 'series']);
    await loadTexts('en', ['common']);
    showTag('de');
  });

  it('looks in the namespaces in order, or the one a key or option names', () => {
    const t = translatorFor(['series', 'common']);
    expect(t('title')).toBe('Serie');
    expect(t('hello', { name: 'Ana' })).toBe('Hallo Ana');
    expect(t('common:hello', { name: 'Bo' })).toBe('Hallo Bo');
    expect(translate('count', { ns: 'series', count: 1 })).toBe('1 Folge');
    expect(t('count', { count: 1500 })).toBe('1.500 Folgen');
  });

  it('fills in every string of a whole object of texts', () => {
    const sections = translatorFor(['common'])('sections', { returnObjects: true, appName: 'Cliffhanger', year: 2026 });
    expect(sections).toEqual([{ heading: 'Cliffhanger AG', year: 'Seit 2026' }]);
  });

  it('falls back to English for a key the language lacks, fetched only then, else the default or the key', async () => {
    const t = translatorFor(['series']);
    expect(asked).not.toContain('en/series');
    expect(translate('onlyEnglish')).toBe('Only in English');
    expect(t('nowhere', { defaultValue: 'Default' })).toBe('Default');
    expect(t('nowhere')).toBe('nowhere');
    expect(asked).toContain('en/series');
  });

  it('loads a namespace once however often it is asked for at the same time', async () => {
    const before = asked.length;
    await Promise.all([loadTexts('ar', ['series']), loadTexts('ar', ['series']), loadTexts('ar', ['series'])]);
    expect(asked.length).toBe(before + 1);
    showTag('ar');
    await settle();
    expect(translatorFor(['series'])('count', { count: 2 })).toBe('حلقتان');
    expect(translatorFor(['series'])('count', { count: 3 })).toBe(`${new Intl.NumberFormat('ar').format(3)} حلقات`);
    showTag('de');
  });
});

describe('in components', () => {
  function Greeting() {
    const { t, i18n } = useTranslation(['series', 'common']);
    return (
      <p dir={i18n.dir()}>
        {t('hello', { name: 'Ana' })} ·{' '}
        <Trans t={t} i18nKey="legal" components={[<a key="terms" href="/terms" />, <b key="privacy" />]} />
      </p>
    );
  }

  it('renders the texts, notes the namespaces used, and places tagged words in their elements', async () => {
    await loadTexts('en', ['series']);
    showTag('en');
    const { result, namespaces } = noteNamespacesUsed(() => renderToStaticMarkup(<Greeting />));
    expect(result).toBe('<p dir="ltr">Hello Ana · I agree to the <a href="/terms">Terms</a> and <b>Privacy</b>.</p>');
    expect(namespaces).toEqual(['series', 'common']);
  });
});
