type EpisodeOut = (series: string, number: number) => string;

const english: EpisodeOut = (series, number) => `${series}: episode ${number} is out`;

/**
 * "{series}: episode N is out" in each of the app's languages (the push service shows it as the browser got
 * it, so the server writes it in the language the browser's app was in when it subscribed).
 */
const EPISODE_OUT: Record<string, EpisodeOut | undefined> = {
  en: english,
  es: (series, number) => `${series}: ya está el episodio ${number}`,
  fr: (series, number) => `${series} : l’épisode ${number} est sorti`,
  de: (series, number) => `${series}: Folge ${number} ist da`,
  pt: (series, number) => `${series}: o episódio ${number} já saiu`,
  'zh-CN': (series, number) => `${series}：第 ${number} 集已上线`,
  'zh-TW': (series, number) => `${series}：第 ${number} 集已上線`,
  ja: (series, number) => `${series}：第${number}話が公開されました`,
  ko: (series, number) => `${series}: ${number}화가 공개되었습니다`,
  ar: (series, number) => `${series}: الحلقة ${number} متاحة الآن`,
  ru: (series, number) => `${series}: вышла серия ${number}`,
  it: (series, number) => `${series}: è uscito l’episodio ${number}`,
  nl: (series, number) => `${series}: aflevering ${number} is uit`,
  hi: (series, number) => `${series}: एपिसोड ${number} आ गया है`,
  th: (series, number) => `${series}: ตอนที่ ${number} มาแล้ว`,
};

/** Every language of the app has its text (checked by alerts.test.ts). */
export const hasEpisodeOutText = (language: string) => EPISODE_OUT[language] !== undefined;

export function episodeOutText(language: string, series: string, number: number): string {
  const text = EPISODE_OUT[language] ?? english;
  return text(series, number);
}
