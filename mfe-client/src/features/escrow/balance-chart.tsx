import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Money } from 'shared/ui';
import { useFormatters } from '../common/reference';
import type { StatementEntry } from 'shared/contract';

const HEIGHT = 240;
const PAD = { right: 16, top: 16, bottom: 32 };
/** Below this drawing width the axis shows short figures ("FCFA 1.4M"); the exact ones stay in the sentence and the table. */
const COMPACT_BELOW = 480;
/** Space between the axis labels and the plot. */
const LABEL_GAP = 8;

interface Point {
  at: string;
  time: number;
  balance: number;
}

/** The balance before the first movement, then after each one, oldest first. */
export function balanceSteps(entries: StatementEntry[]): Point[] {
  const sorted = [...entries].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const first = sorted[0];
  if (!first) return [];
  const start = { at: first.at, time: Date.parse(first.at), balance: first.balance - first.amount };
  return [start, ...sorted.map((entry) => ({ at: entry.at, time: Date.parse(entry.at), balance: entry.balance }))];
}

/**
 * Funds held over time as a step line (the balance only changes at a
 * movement), drawn in plain SVG, with a sentence and a table for those who
 * cannot see it.
 */
export function BalanceChart({ entries, currency }: { entries: StatementEntry[]; currency: string }) {
  const { t } = useLingui();
  const format = useFormatters();
  const titleId = useId();
  const descId = useId();
  const points = balanceSteps(entries);
  // The chart is drawn at its real width (one unit a pixel) so its labels keep their size on a
  // phone, and the left margin is the measured width of the widest axis label, so none is cut.
  const frameRef = useRef<HTMLDivElement>(null);
  const axisRef = useRef<SVGGElement>(null);
  const [width, setWidth] = useState(640);
  const [labelWidth, setLabelWidth] = useState(88);
  const hasPoints = points.length > 0;
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const update = () => {
      if (frame.clientWidth > 0) setWidth(Math.max(200, Math.round(frame.clientWidth)));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [hasPoints]);
  // Any render may change a label, so this measures after each; it sets the width only when it changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measured after every render
  useLayoutEffect(() => {
    const labels = axisRef.current?.querySelectorAll('text');
    if (!labels || labels.length === 0 || typeof SVGTextElement === 'undefined' || !('getComputedTextLength' in SVGTextElement.prototype)) return;
    const widest = Math.ceil(Math.max(...Array.from(labels, (label) => label.getComputedTextLength())));
    if (widest > 0 && widest !== labelWidth) setLabelWidth(widest);
  });

  if (points.length === 0) {
    return (
      <section className="ui-card client-panel" aria-labelledby={titleId}>
        <h2 id={titleId}>
          <Trans>Funds held over time</Trans>
        </h2>
        <p className="client-muted">
          <Trans>Nothing has been paid into escrow yet.</Trans>
        </p>
      </section>
    );
  }

  const axisMoney = (amount: number) => (width < COMPACT_BELOW ? format.compactMoney(amount, currency) : format.money(amount, currency));
  const left = labelWidth + LABEL_GAP * 2;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const span = last.time - first.time;
  const plotWidth = Math.max(40, width - left - PAD.right);
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const maxBalance = Math.max(...points.map((point) => point.balance));
  const peak = Math.max(1, maxBalance);
  // The last level is drawn a little past the last movement so it reads as "still held".
  const x = (point: Point, index: number) =>
    left + (span > 0 ? ((point.time - first.time) / span) * plotWidth * 0.94 : (index / Math.max(1, points.length - 1)) * plotWidth * 0.94);
  const y = (balance: number) => PAD.top + plotHeight - (Math.max(0, balance) / peak) * plotHeight;

  let path = `M ${x(first, 0).toFixed(1)} ${y(first.balance).toFixed(1)}`;
  points.slice(1).forEach((point, offset) => {
    path += ` H ${x(point, offset + 1).toFixed(1)} V ${y(point.balance).toFixed(1)}`;
  });
  path += ` H ${left + plotWidth}`;
  const baseline = y(0);
  const area = `${path} V ${baseline.toFixed(1)} H ${x(first, 0).toFixed(1)} Z`;

  const highest = format.money(maxBalance, currency);
  const highestLabel = axisMoney(maxBalance);
  const zeroLabel = axisMoney(0);
  const now = format.money(last.balance, currency);
  const since = format.date(first.at);
  const lastDate = format.date(last.at);

  return (
    <section className="ui-card client-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Trans>Funds held over time</Trans>
      </h2>
      <div ref={frameRef} className="escrow-chart__frame">
        <svg
          className="escrow-chart"
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
        >
          <desc id={descId}>{t`Since ${since}, the escrow balance peaked at ${highest}; after the last movement on ${lastDate} it is ${now}.`}</desc>
          <line className="escrow-chart__axis" x1={left} y1={baseline} x2={left + plotWidth} y2={baseline} />
          {maxBalance > 0 && <line className="escrow-chart__grid" x1={left} y1={y(peak)} x2={left + plotWidth} y2={y(peak)} />}
          <g ref={axisRef}>
            <text className="escrow-chart__label" x={left - LABEL_GAP} y={baseline} textAnchor="end" dominantBaseline="middle" data-money="">
              {zeroLabel}
            </text>
            {maxBalance > 0 && (
              <text className="escrow-chart__label" x={left - LABEL_GAP} y={y(peak)} textAnchor="end" dominantBaseline="middle" data-money="">
                {highestLabel}
              </text>
            )}
          </g>
          <text className="escrow-chart__label" x={left} y={HEIGHT - 8} textAnchor="start">
            {since}
          </text>
          {/* Every movement on one day: that day once, not the same date at both ends. */}
          {lastDate !== since && (
            <text className="escrow-chart__label" x={left + plotWidth} y={HEIGHT - 8} textAnchor="end">
              {lastDate}
            </text>
          )}
          <path className="escrow-chart__area" d={area} />
          <path className="escrow-chart__line" d={path} />
          {points.slice(1).map((point, offset) => (
            <circle key={`${point.at}-${offset}`} className="escrow-chart__dot" cx={x(point, offset + 1)} cy={y(point.balance)} r={3.5} />
          ))}
        </svg>
      </div>
      <details className="escrow-chart__table">
        <summary>
          <Trans>Show the figures as a table</Trans>
        </summary>
        <table className="escrow-table">
          <caption className="ui-visually-hidden">{t`Funds held after each movement`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Date`}</th>
              <th scope="col">{t`Held in escrow`}</th>
            </tr>
          </thead>
          <tbody>
            {points.slice(1).map((point, offset) => (
              <tr key={`${point.at}-${offset}`}>
                <td>
                  <time dateTime={point.at}>{format.date(point.at)}</time>
                </td>
                <td className="escrow-table__number">
                  <Money amount={point.balance} currency={currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
