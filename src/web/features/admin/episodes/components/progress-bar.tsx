export interface ProgressBarProps {
  /** 0-100 */
  value: number;
  label: string;
  /** What a screen reader says instead of the bare percent, e.g. "4.5 MB of 10 MB". */
  valueText?: string;
  tone?: 'upload' | 'transcode';
  className?: string;
}

/** A determinate progress bar that assistive technology reads (role, value, name). */
export function ProgressBar({ value, label, valueText, tone = 'upload', className = '' }: ProgressBarProps) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={`h-1.5 w-full overflow-hidden rounded-full bg-white/10 ${className}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-300 ${tone === 'upload' ? 'bg-brand-500' : 'bg-sky-400'}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
