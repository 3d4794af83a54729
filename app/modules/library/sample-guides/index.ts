import { ESOP_DESIGN_PLAYBOOK } from "./esop-design-playbook";
import type { SampleGuide } from "./guide-model";
import { PAY_EQUITY_AUDIT_GUIDE } from "./pay-equity-audit-guide";
import { SALARY_STRUCTURE_TOOLKIT } from "./salary-structure-toolkit";
import { TOTAL_REWARDS_FRAMEWORK } from "./total-rewards-framework";

/*
 * The seeded resources that ship with their content (decision 0042), by slug. A seeded resource
 * without a guide here promised what could not be written truthfully (survey findings, client
 * results) and is seeded as a draft without a file, for staff to complete or delete.
 */
export const SAMPLE_GUIDES: Readonly<Record<string, SampleGuide>> = Object.fromEntries(
  [
    ESOP_DESIGN_PLAYBOOK,
    SALARY_STRUCTURE_TOOLKIT,
    TOTAL_REWARDS_FRAMEWORK,
    PAY_EQUITY_AUDIT_GUIDE,
  ].map((guide) => [guide.slug, guide]),
);
