import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';

export interface BarSeries {
  key: string;
  label: string;
  /** One value per category; drawn behind the series that follow it. */
  values: readonly number[];
  className: string;
}

export interface BarChartProps {
  categories: readonly string[];
  series: readonly BarSeries[];
  /** The chart as one sentence, for screen readers (the table view has the numbers). */
  summary: string;
  /** A category to mark (the first paid episode), with its caption. */
  marked?: { index: number; label: string };
  formatValue?: (value: number) => string;
}

const HEIGHT = 220;
const MARGIN = { top: 22, right: 8, bottom: 26, left: 8 };

/**
 * Vertical bars in SVG (visx: scales and shapes only, no runtime of its own), sized by its viewBox so it
 * fits a phone and a laptop alike. Every bar carries its value as a <title>.
 */
export function BarChart({ categories, series, summary, marked, formatValue = String }: BarChartProps) {
  const width = Math.max(320, categories.length * 18);
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = scaleBand<number>({
    domain: categories.map((_, i) => i),
    range: [MARGIN.left, width - MARGIN.right],
    padding: 0.2,
  });
  const y = scaleLinear<number>({ domain: [0, max], range: [HEIGHT - MARGIN.bottom, MARGIN.top], nice: true });
  const labelEvery = Math.ceil(categories.length / 16);
  return (
    <svg viewBox={`0 0 ${width} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={summary}>
      <line
        x1={MARGIN.left}
        x2={width - MARGIN.right}
        y1={HEIGHT - MARGIN.bottom}
        y2={HEIGHT - MARGIN.bottom}
        className="stroke-white/20"
      />
      {series.map((s) =>
        s.values.map((value, i) => {
          const top = y(value);
          return (
            <Bar
              key={`${s.key}-${i}`}
              x={x(i)}
              y={top}
              width={x.bandwidth()}
              height={HEIGHT - MARGIN.bottom - top}
              rx={2}
              className={s.className}
            >
              <title>{`${categories[i]} · ${s.label}: ${formatValue(value)}`}</title>
            </Bar>
          );
        }),
      )}
      {marked && marked.index >= 0 && marked.index < categories.length && (
        <g data-testid="first-paid-marker">
          <line
            x1={(x(marked.index) ?? 0) + x.bandwidth() / 2}
            x2={(x(marked.index) ?? 0) + x.bandwidth() / 2}
            y1={MARGIN.top - 6}
            y2={HEIGHT - MARGIN.bottom}
            className="stroke-amber-300"
            strokeDasharray="4 3"
          />
          <text
            x={(x(marked.index) ?? 0) + x.bandwidth() / 2}
            y={MARGIN.top - 10}
            textAnchor="middle"
            className="fill-amber-300 text-[11px] font-semibold"
          >
            {marked.label}
          </text>
        </g>
      )}
      {categories.map((category, i) =>
        i % labelEvery === 0 ? (
          <text
            key={category}
            x={(x(i) ?? 0) + x.bandwidth() / 2}
            y={HEIGHT - 8}
            textAnchor="middle"
            className="fill-zinc-400 text-[10px]"
          >
            {category}
          </text>
        ) : null,
      )}
    </svg>
  );
}
