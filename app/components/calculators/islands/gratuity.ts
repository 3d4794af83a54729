/* The /tools/gratuity page's own script (decision 0071): its calculator, live, without React. */
import { gratuityCalculator } from "~/modules/calculators/gratuity/gratuity-calculator";
import { startCalculatorIsland } from "../calculator-island";

startCalculatorIsland(gratuityCalculator);
