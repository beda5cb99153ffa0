import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#contract/constants.ts';
import { formatDate, formatLikes, formatNumber, formatPrice } from './format.ts';
import { directionOf, LANGUAGE_TAGS, languageOfTag, matchBrowserLanguage } from './i18n.ts';
import { showTag } from './texts/text-store.ts';

describe('first visit follows the browser language', () => {
  it.each([
    [['zh-TW'], 'chinese-traditional'],
    [['zh-HK'], 'chinese-traditional'],
    [['zh-Hant-CN'], 'chinese-traditional'],
    [['zh'], 'chinese-simplified'],
    [['zh-CN'], 'chinese-simplified'],
    [['zh-Hans'], 'chinese-simplified'],
    [['pt-BR'], 'portuguese'],
    [['es-419'], 'spanish'],
    [['ar-EG', 'en'], 'arabic'],
    [['sv-SE', 'de-AT', 'en'], 'german'],
    [['ja_JP'], 'japanese'],
    [['hi-IN'], 'hindi'],
    [['th'], 'thai'],
  ])('%j → %s', (preferred, expected) => {
    expect(matchBrowserLanguage(preferred)).toBe(expected);
  });

  it('offers nothing when none of the browser languages is one of ours', () => {
    expect(matchBrowserLanguage(['sv-SE', 'fi'])).toBeUndefined();
    expect(matchBrowserLanguage([])).toBeUndefined();
  });

  it('maps every picker language to a tag and back, and only Arabic is right-to-left', () => {
    for (const language of LANGUAGES) expect(languageOfTag(LANGUAGE_TAGS[language])).toBe(language);
    expect(LANGUAGES.filter((language) => directionOf(language) === 'rtl')).toEqual(['arabic']);
  });
});

describe('numbers, prices and dates follow the language shown', () => {
  const inLanguage = async (tag: string) => {
    showTag(tag);
  };

  it('English likes keep the K suffix above 1000', async () => {
    await inLanguage('en');
    expect(formatLikes(999)).toBe('999');
    expect(formatLikes(1000)).toBe('1,000');
    expect(formatLikes(1500)).toBe('1.5K');
    expect(formatLikes(12_345)).toBe('12.3K');
  });

  it('other languages use their own short form', async () => {
    await inLanguage('ja');
    expect(formatLikes(15_000)).toBe('1.5万');
    await inLanguage('fr');
    expect(formatLikes(1500)).toMatch(/^1,5\s?k$/);
    await inLanguage('ko');
    expect(formatLikes(1500)).toBe('1.5천');
    await inLanguage('de');
    expect(formatLikes(1500)).toBe('1500');
  });

  it('formats grouping, prices and dates per language', async () => {
    await inLanguage('de');
    expect(formatNumber(10_000)).toBe('10.000');
    expect(formatPrice(4.99)).toMatch(/^4,99\s\$$/);
    expect(formatDate('2025-01-24')).toBe('24. Januar 2025');
    await inLanguage('en');
    expect(formatDate('2025-01-24')).toBe('January 24, 2025');
    expect(formatPrice(4.99)).toBe('$4.99');
    await inLanguage('ja');
    expect(formatDate('2025-01-24')).toBe('2025年1月24日');
  });
});
