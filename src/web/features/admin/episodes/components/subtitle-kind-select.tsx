import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { SubtitleKind } from '#contract/subtitles.ts';
import { selectClass } from '../../components/styles.ts';

/** Captions (sounds and speakers, for deaf and hard-of-hearing viewers) or subtitles, with its label. */
export function SubtitleKindSelect(props: {
  value: SubtitleKind;
  onChange: (kind: SubtitleKind) => void;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <label className="text-xs text-zinc-400">
      {t('subtitles.kindLabel')}
      <select
        className={`${selectClass} mt-0.5 ${props.className ?? ''}`}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as SubtitleKind)}
      >
        <option value="subtitles">{t('subtitles.kind.subtitles')}</option>
        <option value="captions">{t('subtitles.kind.captions')}</option>
      </select>
    </label>
  );
}
