import type { FunnelMonth } from "~/modules/funnel/funnel.server";
import { ChartFrame, lazyDrawing } from "./charts";

/*
 * The funnel per month as bars (leads, booked, held, qualified, closed), a picture of the table
 * below it (decision on charts: the SVG is presentational, the figures are in the table). The
 * bars are drawn by chart-drawings.tsx, loaded after hydration as the dashboard's are.
 */

export { monthLabel } from "./chart-style";

const FunnelBars = lazyDrawing("FunnelBars");

export function FunnelChart({ months }: { months: FunnelMonth[] }) {
  const leads = months.reduce((sum, month) => sum + month.leads, 0);
  const booked = months.reduce((sum, month) => sum + month.booked, 0);
  return (
    <ChartFrame
      label={`Bar chart of the funnel per month for the last ${months.length} months: ${leads} leads and ${booked} consultations booked in all. The same figures are in the table below.`}
    >
      {(width) => <FunnelBars months={months} width={width} />}
    </ChartFrame>
  );
}
