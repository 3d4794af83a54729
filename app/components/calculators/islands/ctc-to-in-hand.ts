/* The /tools/ctc-to-in-hand page's own script (decision 0071): its calculator, live, without React. */
import { ctcCalculator } from "~/modules/calculators/ctc-to-in-hand/ctc-calculator";
import { startCalculatorIsland } from "../calculator-island";

startCalculatorIsland(ctcCalculator);
