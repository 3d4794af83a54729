/* The /tools/esop page's own script (decision 0071): its calculator, live, without React. */
import { esopCalculator } from "~/modules/calculators/esop/esop-calculator";
import { startCalculatorIsland } from "../calculator-island";

startCalculatorIsland(esopCalculator);
