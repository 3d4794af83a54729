/* The /tools/wage-check page's own script (decision 0071): its calculator, live, without React. */
import { wageCheckCalculator } from "~/modules/calculators/wage-check/wage-check-calculator";
import { startCalculatorIsland } from "../calculator-island";

startCalculatorIsland(wageCheckCalculator);
