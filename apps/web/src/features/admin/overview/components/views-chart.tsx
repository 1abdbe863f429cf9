import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatShortDay } from './overview-format';

interface ViewsChartProps {
  days: { day: string; views: number }[];
  /** Names the chart for screen readers; the table beside it carries the figures. */
  label: string;
}

const HEIGHT = 240;
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Whole numbers only (views are counted), short: `12.5K`. */
const tickLabel = (value: number) => (Number.isInteger(value) ? compact.format(value) : '');

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Views per day as an area chart, drawn with uPlot, as wide as its container. */
export function ViewsChart({ days, label }: ViewsChartProps) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const accent = cssVar('--rt-accent', '#dc2f48');
    const muted = cssVar('--rt-muted', '#a4a9b8');
    const line = cssVar('--rt-line', '#262a36');
    const xs = days.map((_, index) => index);
    const axis = { stroke: muted, grid: { stroke: line, width: 1 }, ticks: { stroke: line, width: 1 } };
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 320),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false },
          y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
        },
        axes: [
          {
            ...axis,
            space: 60,
            values: (_u, splits) =>
              splits.map((index) => (days[index] ? formatShortDay(days[index].day) : '')),
          },
          {
            ...axis,
            size: 56,
            values: (_u, splits) => splits.map(tickLabel),
          },
        ],
        series: [
          {},
          {
            label: 'Views',
            stroke: accent,
            width: 2,
            fill: `${accent}33`,
            points: { show: days.length <= 31, size: 5, fill: accent },
          },
        ],
      },
      [xs, days.map((entry) => entry.views)],
      element,
    );
    const fit = () => chart.setSize({ width: Math.max(element.clientWidth, 320), height: HEIGHT });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      chart.destroy();
    };
  }, [days]);

  return <div ref={holder} className="overview-chart" role="img" aria-label={label} />;
}
