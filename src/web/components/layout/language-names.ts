import type { Language } from '#contract/constants.ts';

// Each language is listed in its own script, whatever the current language: that is how people find theirs.
export const NATIVE_NAMES: Record<Language, string> = {
  english: 'English',
  spanish: 'Español',
  french: 'Français',
  german: 'Deutsch',
  portuguese: 'Português',
  'chinese-simplified': '简体中文',
  'chinese-traditional': '繁體中文',
  japanese: '日本語',
  korean: '한국어',
  arabic: 'العربية',
  russian: 'Русский',
  italian: 'Italiano',
  dutch: 'Nederlands',
  hindi: 'हिन्दी',
  thai: 'ไทย',
};
