import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AdminPlaybackQuality } from '@reeltime/contract';

interface StartTimeChartProps {
  days: AdminPlaybackQuality['per_day'];
  targetMs: number;
  /** Names the chart for screen readers; the table below it carries the figures. */
  label: string;
}

const HEIGHT = 240;

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Start time percentiles per day (p50, p75, p95) against the target, drawn with uPlot. */
export function StartTimeChart({ days, targetMs, label }: StartTimeChartProps) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const muted = cssVar('--rt-muted', '#a4a9b8');
    const line = cssVar('--rt-line', '#262a36');
    const axis = { stroke: muted, grid: { stroke: line, width: 1 }, ticks: { stroke: line, width: 1 } };
    const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 320),
        height: HEIGHT,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: false },
          y: { range: (_u, _min, max) => [0, Math.max(targetMs / 1000 + 1, Math.ceil((max ?? 0) * 1.15))] },
        },
        axes: [
          {
            ...axis,
            space: 60,
            values: (_u, splits) => splits.map((index) => days[index]?.day.slice(5) ?? ''),
          },
          { ...axis, size: 48, values: (_u, splits) => splits.map((value) => `${value} s`) },
        ],
        series: [
          {},
          { label: 'Target', stroke: muted, width: 1, dash: [6, 4], points: { show: false } },
          { label: 'p50', stroke: '#4cc38a', width: 2, spanGaps: true },
          { label: 'p75', stroke: '#f0b429', width: 2, spanGaps: true },
          { label: 'p95', stroke: '#dc2f48', width: 2, spanGaps: true },
        ],
      },
      [
        days.map((_, index) => index),
        days.map(() => targetMs / 1000),
        days.map((day) => seconds(day.start_p50_ms)),
        days.map((day) => seconds(day.start_p75_ms)),
        days.map((day) => seconds(day.start_p95_ms)),
      ],
      element,
    );
    const fit = () => chart.setSize({ width: Math.max(element.clientWidth, 320), height: HEIGHT });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      chart.destroy();
    };
  }, [days, targetMs]);

  return <div ref={holder} className="playback-chart" role="img" aria-label={label} />;
}
