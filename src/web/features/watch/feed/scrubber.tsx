/** A thin progress line with a native range input on top (invisible, but it is what the finger and keys move). */
export function Scrubber({
  current,
  duration,
  onSeek,
  label,
  valueText,
}: {
  current: number;
  duration: number;
  onSeek: (seconds: number) => void;
  label: string;
  valueText: string;
}) {
  const max = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const percent = max > 0 ? Math.min(100, (current / max) * 100) : 0;
  return (
    <div className="group/scrub relative flex h-6 items-center">
      <div className="pointer-events-none h-1 w-full overflow-hidden rounded-full bg-white/25 transition-[height] group-hover/scrub:h-1.5">
        <div className="h-full rounded-full bg-rose-500" style={{ width: `${percent}%` }} />
      </div>
      <div
        className="pointer-events-none absolute top-1/2 size-3 -translate-y-1/2 rounded-full bg-white shadow ring-2 ring-rose-500 group-has-[:focus-visible]/scrub:ring-4 ltr:-translate-x-1/2 rtl:translate-x-1/2"
        style={{ insetInlineStart: `${percent}%` }}
      />
      <input
        type="range"
        min={0}
        max={max}
        step={0.1}
        value={Math.min(current, max)}
        onChange={(event) => onSeek(Number(event.target.value))}
        aria-label={label}
        aria-valuetext={valueText}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      />
    </div>
  );
}
