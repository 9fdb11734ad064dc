/** recharts lives in this module only, so it loads after the analytics page itself (its own lazy chunk). */
import { useEffect, useState } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

export type Datum = { label: string; value: number | null; color?: string };

/** The axis line's colour, and its labels' (filled, not outlined: outlined text blurs at 12 px). */
const AXIS = { stroke: "rgba(255,255,255,0.55)", fontSize: 12 };
const TICK = { fill: "rgba(255,255,255,0.7)", fontSize: 12 };
const NARROW = "(max-width: 639.98px)";

/** On a phone, every category label stays (recharts would drop the ones that collide), slanted to fit. */
function useCategoryTicks() {
  const [narrow, setNarrow] = useState(() => window.matchMedia?.(NARROW).matches === true);
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setNarrow(event.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return narrow
    ? { interval: 0, angle: -60, textAnchor: "end" as const, height: 64, tick: { ...TICK, fontSize: 10 } }
    : { interval: 0, tick: TICK };
}
const GRID = "rgba(255,255,255,0.08)";
const TOOLTIP = {
  contentStyle: { background: "#12121a", border: "1px solid #23232f", borderRadius: 12, color: "#fff" },
  labelStyle: { color: "#fff" },
  cursor: { fill: "rgba(255,255,255,0.05)" },
};

export function BarChartView({
  data,
  color = "#f59e0b",
  horizontal = false,
  height = 240,
}: {
  data: Datum[];
  color?: string;
  horizontal?: boolean;
  height?: number;
}) {
  const ticks = useCategoryTicks();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout={horizontal ? "vertical" : "horizontal"}
        margin={{ left: 8, right: 16 }}
      >
        <CartesianGrid stroke={GRID} vertical={horizontal} horizontal={!horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" allowDecimals={false} tick={TICK} stroke={AXIS.stroke} />
            <YAxis type="category" dataKey="label" width={130} tick={TICK} stroke={AXIS.stroke} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" stroke={AXIS.stroke} {...ticks} />
            <YAxis allowDecimals={false} tick={TICK} stroke={AXIS.stroke} width={36} />
          </>
        )}
        <Tooltip {...TOOLTIP} />
        <Bar
          dataKey="value"
          name="Bookings"
          radius={horizontal ? [0, 6, 6, 0] : [6, 6, 0, 0]}
          isAnimationActive={false}
        >
          {data.map((d) => (
            <Cell key={d.label} fill={d.color ?? color} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export function LineChartView({ data, height = 240 }: { data: Datum[]; height?: number }) {
  const ticks = useCategoryTicks();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart accessibilityLayer={false} data={data} margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" stroke={AXIS.stroke} {...ticks} />
        <YAxis domain={[0, 5]} ticks={[1, 2, 3, 4, 5]} tick={TICK} stroke={AXIS.stroke} width={28} />
        <Tooltip {...TOOLTIP} />
        <Line
          type="monotone"
          dataKey="value"
          name="Average rating"
          stroke="#fbbf24"
          strokeWidth={2.5}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
