/** recharts lives in this module only, so it loads after the analytics page itself (its own lazy chunk). */
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

const AXIS = { stroke: "rgba(255,255,255,0.55)", fontSize: 12 };
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
            <XAxis type="number" allowDecimals={false} tick={AXIS} stroke={AXIS.stroke} />
            <YAxis type="category" dataKey="label" width={130} tick={AXIS} stroke={AXIS.stroke} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tick={AXIS} stroke={AXIS.stroke} />
            <YAxis allowDecimals={false} tick={AXIS} stroke={AXIS.stroke} width={36} />
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
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart accessibilityLayer={false} data={data} margin={{ left: 8, right: 16 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={AXIS} stroke={AXIS.stroke} />
        <YAxis domain={[0, 5]} ticks={[1, 2, 3, 4, 5]} tick={AXIS} stroke={AXIS.stroke} width={28} />
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
