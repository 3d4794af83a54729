import { describe, expect, it } from "vitest";
import { ESOP_CAP_TABLE, ESOP_POOL_BUDGET, ESOP_TAX, ESOP_VESTING } from "./esop-figures";
import { EQUITY_GRADE } from "./pay-equity-audit-guide";
import { GRATUITY, PAY_RANGE, WAGES_TEST } from "./salary-structure-toolkit";
import { REWARDS_STATEMENT } from "./total-rewards-framework";

/*
 * The sample guides' worked examples add up: each stated result is recomputed here from its
 * inputs, by the rule the guide explains (a wrong figure in a guide is a wrong figure in front
 * of a client).
 */

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const average = (values: readonly number[]) => sum(values) / values.length;

describe("the ESOP playbook's examples", () => {
  it("has a cap table whose holdings add up to the total at every round", () => {
    for (const round of Object.values(ESOP_CAP_TABLE)) {
      const { total, ...holders } = round;
      expect(sum(Object.values(holders))).toBe(total);
    }
    // Nobody's shares change between rounds except the pool's top-ups and the new investors'.
    expect(ESOP_CAP_TABLE.seriesB.founders).toBe(ESOP_CAP_TABLE.seed.founders);
    expect(ESOP_CAP_TABLE.seriesB.seriesAInvestors).toBe(ESOP_CAP_TABLE.seriesA.seriesAInvestors);
  });

  it("budgets the pool from the hiring plan and the refresh reserve", () => {
    const b = ESOP_POOL_BUDGET;
    expect(sum(b.hires.map((hire) => hire.people * hire.optionsEach))).toBe(b.newHireTotal);
    expect((b.newHireTotal * b.refreshPercent) / 100).toBe(b.refreshReserve);
    expect(b.newHireTotal + b.refreshReserve).toBe(b.need);
    expect(ESOP_CAP_TABLE.seriesA.pool - b.grantedBeforeSeriesA).toBe(b.unallocatedAfterTopUp);
    expect(b.unallocatedAfterTopUp - b.need).toBe(b.buffer);
  });

  it("vests a quarter at the cliff and the rest monthly", () => {
    const v = ESOP_VESTING;
    expect((v.options * v.cliffMonths) / v.totalMonths).toBe(v.vestedAtCliff);
    expect((v.options - v.vestedAtCliff) / (v.totalMonths - v.cliffMonths)).toBe(
      v.monthlyAfterCliff,
    );
    expect(v.vestedAtCliff + (v.checkMonth - v.cliffMonths) * v.monthlyAfterCliff).toBe(
      v.vestedAtCheck,
    );
  });

  it("values the perquisite at FMV on exercise less the price paid, the gain above that FMV", () => {
    const t = ESOP_TAX;
    expect(t.options * t.exercisePrice).toBe(t.amountPaid);
    expect(t.options * (t.fmvAtExercise - t.exercisePrice)).toBe(t.perquisite);
    expect(t.options * (t.salePrice - t.fmvAtExercise)).toBe(t.capitalGain);
  });
});

describe("the salary structure toolkit's examples", () => {
  it("builds the range from its midpoint and spread", () => {
    const r = PAY_RANGE;
    const spread = r.spreadPercent / 100;
    expect((r.midpoint * 2) / (2 + spread)).toBe(r.minimum);
    expect(r.minimum * (1 + spread)).toBe(r.maximum);
    expect((r.minimum + r.maximum) / 2).toBe(r.midpoint);
    expect(Math.round(r.midpoint * (1 + r.progressionPercent / 100))).toBe(r.nextMidpoint);
    expect(r.salary / r.midpoint).toBe(r.compaRatio);
  });

  it.each(Object.entries(WAGES_TEST))("applies the 50%% rule of section 2(y) %s", (_, s) => {
    const inWages = s.basic + s.specialAllowance;
    const excluded = s.houseRentAllowance + s.conveyanceAllowance;
    expect(inWages + excluded).toBe(s.total);
    expect(excluded).toBe(s.excluded);
    expect(s.total / 2).toBe(s.half);
    expect(Math.max(0, excluded - s.total / 2)).toBe(s.addedBack);
    expect(inWages + s.addedBack).toBe(s.wages);
    expect(s.wages).toBeGreaterThanOrEqual(s.total / 2);
  });

  it("computes gratuity as monthly wages x 15 / 26 per counted year, under the ceiling", () => {
    const g = GRATUITY;
    const counted = g.serviceYears + (g.serviceMonths > 6 ? 1 : 0);
    expect(counted).toBe(g.countedYears);
    expect(Math.round((g.monthlyWages * 15 * counted) / 26)).toBe(g.amount);
    expect(Math.round((g.monthlyWages * 15 * g.fixedTermYears) / 26)).toBe(g.fixedTermAmount);
    expect(g.amount).toBeLessThan(g.ceiling);
    expect(g.monthlyWages).toBe(WAGES_TEST.before.wages);
  });
});

describe("the pay equity audit's example", () => {
  it("measures the gap and the cost and effect of the correction", () => {
    const e = EQUITY_GRADE;
    expect(average(e.men)).toBe(e.menAverage);
    expect(average(e.women)).toBe(e.womenAverage);
    const gap = ((e.menAverage - e.womenAverage) / e.menAverage) * 100;
    expect(gap.toFixed(1)).toBe(e.gapPercent.toFixed(1));
    expect(sum(e.adjustments.map((a) => a.to - a.from))).toBe(e.adjustmentCost);
    for (const a of e.adjustments) {
      expect(e.women).toContain(a.from);
      expect(a.to / e.midpoint).toBe(0.95);
    }
    expect(sum(e.men) + sum(e.women)).toBe(e.gradePayroll);
    expect(((e.adjustmentCost / e.gradePayroll) * 100).toFixed(1)).toBe(e.costPercent.toFixed(1));
    const after = e.women.map((pay) => e.adjustments.find((a) => a.from === pay)?.to ?? pay);
    expect(average(after)).toBe(e.womenAverageAfter);
    const gapAfter = ((e.menAverage - e.womenAverageAfter) / e.menAverage) * 100;
    expect(gapAfter.toFixed(1)).toBe(e.gapPercentAfter.toFixed(1));
  });
});

describe("the total rewards statement", () => {
  it("adds up its elements from their bases", () => {
    const r = REWARDS_STATEMENT;
    expect((r.fixedPay * r.variableTargetPercent) / 100).toBe(r.variableTarget);
    expect((r.basicPay * r.employerPfPercent) / 100).toBe(r.employerPf);
    expect(Math.round(((r.basicPay / 12) * 15) / 26)).toBe(r.gratuityAccrual);
    expect((r.options / r.vestingYears) * (r.fmv - r.exercisePrice)).toBe(r.optionValuePerYear);
    expect(r.basicPay / r.fixedPay).toBe(0.5);
    expect(
      r.fixedPay +
        r.variableTarget +
        r.employerPf +
        r.gratuityAccrual +
        r.healthPremium +
        r.learningBudget +
        r.optionValuePerYear,
    ).toBe(r.total);
  });
});
