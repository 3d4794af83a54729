import { SERVICE_GRADIENTS, type Service } from "./service.schema";

/**
 * The six built-in service areas shown on the public site when no stored services exist,
 * and restored by the admin "reset to defaults" action. Order and ids are fixed:
 * equity, executive, variable, benefits, benchmarking, rewards.
 */
export const DEFAULT_SERVICES: Service[] = [
  {
    id: "equity",
    title: "Equity Compensation & Long-Term Incentives",
    subtitle: "ESOPs, phantom stock and SARs that build real ownership and keep your best people",
    description:
      "We design, document and value equity and long-term incentive plans for startups and growing Indian companies, from the first ESOP pool to pre-IPO clean-up. Every plan is built around your cap table, funding roadmap and talent strategy, and is compliant with the Companies Act, 2013, SEBI (SBEB) regulations where they apply, and Ind AS 102. The result is a plan employees understand and value, at a dilution and cost the board is comfortable with.",
    subServices: [
      {
        name: "ESOP Plan Design and Drafting",
        description:
          "End-to-end design of your employee stock option plan, from eligibility and grant philosophy to the plan document, shareholder resolutions and grant letters.",
      },
      {
        name: "Phantom Stock and SAR Plans",
        description:
          "Cash-settled and equity-settled phantom stock and stock appreciation rights for companies that want to share value creation without issuing shares.",
      },
      {
        name: "Vesting and Grant Architecture",
        description:
          "Cliff, graded and performance-linked vesting schedules, refresh grant cycles and leaver provisions that reward tenure and contribution fairly.",
      },
      {
        name: "Pool Sizing and Dilution Modelling",
        description:
          "Scenario models that size the ESOP pool against hiring plans and funding rounds, showing dilution for founders, investors and employees at each stage.",
      },
      {
        name: "Ind AS 102 Valuation and Accounting",
        description:
          "Fair valuation of options and SARs using Black-Scholes or binomial models, with expense schedules and disclosures your auditors can sign off.",
      },
      {
        name: "Regulatory and Tax Compliance",
        description:
          "Alignment with Section 62 of the Companies Act, SEBI (SBEB and Sweat Equity) Regulations, 2021 for listed companies, perquisite taxation and the tax deferral available to eligible startups.",
      },
      {
        name: "Employee Communication and Liquidity",
        description:
          "Plain-language ESOP guides, value illustrations and town-hall sessions, plus design of buyback and secondary-sale windows that give employees real liquidity.",
      },
    ],
    features: [
      "Plans tailored to your stage, from seed-funded startup to pre-IPO company",
      "Cap table and dilution models tied to your funding roadmap",
      "Ind AS 102 compliant valuation reports and expense schedules",
      "Ready-to-adopt plan documents, board and shareholder resolutions and grant letters",
      "Employee communication kits that explain value, vesting and tax clearly",
    ],
    benefits: [
      "Attract senior talent you could not otherwise afford in cash",
      "Lower regretted attrition through well-paced vesting and refresh grants",
      "Control dilution with a pool sized to your hiring plan",
      "Avoid audit, tax and compliance surprises at funding or exit",
      "Build a genuine ownership culture across the organisation",
    ],
    process: [
      "Discovery and cap table review",
      "Plan architecture and pool sizing",
      "Valuation and cost modelling",
      "Documentation and approvals",
      "Employee communication and rollout",
      "Annual grant cycle and plan administration support",
    ],
    color: SERVICE_GRADIENTS.blue.color,
    bgColor: SERVICE_GRADIENTS.blue.bgColor,
  },
  {
    id: "executive",
    title: "Executive Compensation & IPO Readiness",
    subtitle:
      "Leadership pay that boards can defend, investors can support and executives believe in",
    description:
      "We help founders, boards and Nomination and Remuneration Committees set leadership pay that balances market competitiveness, performance and governance. As companies approach an IPO, we review executive contracts, incentive plans and disclosures so that reward practices meet listed-company expectations under the Companies Act and SEBI LODR before the DRHP is filed.",
    subServices: [
      {
        name: "Executive Pay Benchmarking",
        description:
          "Custom peer groups of comparable listed and private companies to price CEO, CXO and senior leadership roles on fixed pay, bonus and long-term incentives.",
      },
      {
        name: "Leadership Pay Mix Design",
        description:
          "The right balance of fixed pay, annual incentive and long-term incentive for each leadership level, linked to the metrics that drive enterprise value.",
      },
      {
        name: "IPO Reward Readiness Review",
        description:
          "A pre-listing health check of ESOP schemes, executive contracts and pay practices against SEBI SBEB regulations, managerial remuneration limits and investor expectations.",
      },
      {
        name: "Board and NRC Advisory",
        description:
          "Independent support to the Nomination and Remuneration Committee on remuneration policy, annual pay decisions and CEO performance evaluation.",
      },
      {
        name: "Executive Contracts and Protections",
        description:
          "Design of employment terms, severance, change-in-control, malus and clawback provisions that protect both the company and the executive.",
      },
      {
        name: "Remuneration Disclosure and Governance",
        description:
          "Drafting of the remuneration policy, annual report disclosures and pay-ratio reporting required of listed companies, with a governance calendar for the NRC.",
      },
    ],
    features: [
      "Peer groups built for your sector, size and growth stage",
      "Pay-for-performance testing of incentive outcomes against results",
      "IPO readiness checklists covering ESOPs, contracts and disclosures",
      "NRC-ready papers, remuneration policies and meeting support",
      "Scenario modelling of total pay under different performance outcomes",
    ],
    benefits: [
      "Recruit and retain leaders with confidence in the market position of their pay",
      "Give the board an independent, well-documented basis for pay decisions",
      "Reduce listing-stage surprises from due diligence and regulators",
      "Align leadership rewards with long-term shareholder value",
      "Strengthen governance credibility with investors and proxy advisers",
    ],
    process: [
      "Stakeholder interviews and governance review",
      "Peer group selection and market pricing",
      "Pay mix and incentive design",
      "Board and NRC review",
      "Documentation, disclosure and implementation",
    ],
    color: SERVICE_GRADIENTS.purple.color,
    bgColor: SERVICE_GRADIENTS.purple.bgColor,
  },
  {
    id: "variable",
    title: "Variable Pay & Sales Compensation",
    subtitle: "Bonus and incentive plans that pay for the results that matter",
    description:
      "We design annual bonus, team incentive and sales compensation plans that link pay directly to business outcomes. Each plan is modelled for cost and payout fairness before launch, and is written and communicated so that every participant knows exactly how to earn it.",
    subServices: [
      {
        name: "Annual Bonus and Short-Term Incentives",
        description:
          "Company, team and individual bonus plans with clear funding mechanisms, thresholds, targets and stretch levels tied to your annual operating plan.",
      },
      {
        name: "Sales Incentive Plan Design",
        description:
          "Role-specific sales compensation with the right fixed-to-variable mix, commission rates, accelerators, caps and split-credit rules for hunters, farmers and channel teams.",
      },
      {
        name: "Quota and Territory Setting",
        description:
          "Fair, attainable quotas built from pipeline, historical performance and market potential, with territory design that balances opportunity across the team.",
      },
      {
        name: "Performance Scorecards and Metrics",
        description:
          "Balanced scorecards that combine revenue, margin, collections and customer metrics, so incentives reward profitable and sustainable growth.",
      },
      {
        name: "Payout Modelling and Cost Governance",
        description:
          "Simulation of payouts across performance scenarios to test affordability, pay-for-performance alignment and the spread of earnings across participants.",
      },
      {
        name: "Plan Documentation and Administration",
        description:
          "Plan rules, participant letters, crediting and clawback policies, and calculation templates that make payouts accurate, auditable and on time.",
      },
    ],
    features: [
      "Fixed-to-variable pay mix benchmarked by role and market",
      "Threshold, target and stretch payout curves with accelerators",
      "Scenario models that test plan cost before launch",
      "Clear plan documents and participant-level earnings illustrations",
      "Mid-year health checks and annual plan refresh",
    ],
    benefits: [
      "Focus teams on the outcomes that grow revenue and margin",
      "Keep incentive cost predictable and self-funding",
      "Reduce disputes with transparent, well-documented plan rules",
      "Retain top performers by rewarding them distinctly",
      "Give managers a practical tool to drive performance conversations",
    ],
    process: [
      "Business strategy and current-plan review",
      "Role mapping and pay mix design",
      "Metric, target and payout curve design",
      "Cost and payout modelling",
      "Plan documentation and communication",
      "Launch support and mid-year health check",
    ],
    color: SERVICE_GRADIENTS.green.color,
    bgColor: SERVICE_GRADIENTS.green.bgColor,
  },
  {
    id: "benefits",
    title: "Benefits Strategy",
    subtitle: "Health, retirement and wellbeing benefits your people value, at a cost you control",
    description:
      "We help companies build benefits programmes that employees genuinely value, from group health insurance and retirement savings to flexible benefits and leave policies. Our advice is independent of insurers and brokers, combining market benchmarks with your workforce profile and claims experience to get the most value from every rupee spent.",
    subServices: [
      {
        name: "Benefits Audit and Benchmarking",
        description:
          "A complete review of your current benefits against industry peers, covering coverage levels, eligibility, cost per employee and employee perception.",
      },
      {
        name: "Group Health Insurance Design",
        description:
          "Group mediclaim design covering sum insured, family and parental cover, maternity, top-ups, OPD and wellness, informed by your claims data and demographics.",
      },
      {
        name: "Life and Accident Cover",
        description:
          "Group term life and personal accident cover structured by salary multiple or grade, with clear eligibility and benefit definitions.",
      },
      {
        name: "Retirement and Statutory Benefits",
        description:
          "Provident fund, corporate NPS and gratuity strategy, including gratuity funding options, actuarial valuation support and the impact of the new Labour Codes.",
      },
      {
        name: "Flexible Benefits Plans",
        description:
          "Flexible benefit and salary structuring options that let employees choose what matters to them, designed for both the old and new income tax regimes.",
      },
      {
        name: "Leave and Wellbeing Policies",
        description:
          "Parental, caregiving and sabbatical leave, mental health support and employee assistance programmes that fit your culture and budget.",
      },
      {
        name: "Broker Selection and Renewal Support",
        description:
          "Independent RFPs for brokers and insurers, renewal negotiation and service-level reviews so you get better cover at the right premium.",
      },
    ],
    features: [
      "Insurer- and broker-independent advice",
      "Benefit benchmarks for your industry and company size",
      "Claims and cost analysis to guide plan changes",
      "Labour Code impact assessment on wage definition, gratuity and PF",
      "Employee surveys and benefit communication toolkits",
    ],
    benefits: [
      "Spend your benefits budget where employees see the most value",
      "Contain premium inflation through better plan design and negotiation",
      "Strengthen your employer brand with competitive, inclusive benefits",
      "Stay compliant with statutory benefit obligations",
      "Improve employee wellbeing, engagement and retention",
    ],
    process: [
      "Current benefits and claims review",
      "Employee needs assessment",
      "Market benchmarking and gap analysis",
      "Programme design and costing",
      "Vendor selection and negotiation",
      "Rollout and employee communication",
    ],
    color: SERVICE_GRADIENTS.orange.color,
    bgColor: SERVICE_GRADIENTS.orange.bgColor,
  },
  {
    id: "benchmarking",
    title: "Compensation Consulting & Market Benchmarking",
    subtitle: "Market data used as a reference point, never as a substitute for strategy",
    description:
      "We give you a reliable view of the market and turn it into a pay structure that fits your strategy. From job architecture and job evaluation to salary benchmarking and pay band design, we build the foundations for consistent, defensible pay decisions. Benchmarking tells you where the market is; we help you decide where you should be.",
    subServices: [
      {
        name: "Salary Benchmarking and Market Pricing",
        description:
          "Role-by-role market pricing against reputable salary surveys and custom peer data, covering fixed pay, variable pay and total cash.",
      },
      {
        name: "Compensation Philosophy",
        description:
          "A clear statement of your target market position, peer group and pay mix, agreed with leadership and used to guide every pay decision.",
      },
      {
        name: "Job Architecture and Levelling",
        description:
          "Job families, career levels and titling conventions that bring order to roles across functions and locations.",
      },
      {
        name: "Job Evaluation",
        description:
          "Structured, point-factor based evaluation of roles to establish internal relativities that are consistent and explainable.",
      },
      {
        name: "Pay Band and Salary Structure Design",
        description:
          "Grade-wise pay ranges with minimums, midpoints and maximums, range spreads and progression rules aligned to your market position.",
      },
      {
        name: "CTC Structure Optimisation",
        description:
          "Salary component design covering basic pay, HRA, allowances and retirement contributions that is tax-efficient and compliant with statutory wage rules.",
      },
      {
        name: "Custom Peer Surveys",
        description:
          "Confidential, tailored pay surveys for niche roles and sectors where published survey data is thin or unreliable.",
      },
    ],
    features: [
      "Trusted survey sources combined with custom peer data",
      "Benchmarks for technology, financial services, professional services and healthcare roles",
      "Compa-ratio and range penetration analysis for every employee",
      "Pay band models costed against your current payroll",
      "Tools and guidelines your HR team can maintain year after year",
    ],
    benefits: [
      "Make offers with confidence and close candidates faster",
      "Fix internal inequities before they drive attrition",
      "Control fixed cost growth with a clear, funded structure",
      "Explain pay decisions consistently to employees and managers",
      "Differentiate where it matters instead of simply matching the market",
    ],
    process: [
      "Discovery and current-state review",
      "Job architecture and role mapping",
      "Market data collection and pricing",
      "Pay structure design and costing",
      "Implementation guidelines and manager training",
    ],
    color: SERVICE_GRADIENTS.teal.color,
    bgColor: SERVICE_GRADIENTS.teal.bgColor,
  },
  {
    id: "rewards",
    title: "Total Rewards, Performance Management & Merit Systems",
    subtitle: "An integrated system connecting performance, growth and pay",
    description:
      "We connect how you set goals, assess performance, recognise contribution and decide pay into one coherent total rewards system. From performance calibration and merit matrices to career frameworks and pay equity reviews, we help you differentiate rewards fairly and explain them clearly. The outcome is a reward system that reinforces your culture and purpose, not just your payroll.",
    subServices: [
      {
        name: "Total Rewards Strategy",
        description:
          "A total rewards framework that balances pay, benefits, growth, recognition and work experience around your people, purpose and business priorities.",
      },
      {
        name: "Total Rewards Statements",
        description:
          "Personalised statements and communication that show employees the full value of their pay, benefits, equity and development investment.",
      },
      {
        name: "Performance Management Design",
        description:
          "Review cycles, rating scales and check-in processes that are simple to run, development-focused and credible for reward decisions.",
      },
      {
        name: "Goal Setting Frameworks",
        description:
          "KPI and OKR frameworks that cascade company objectives to teams and individuals with measurable, balanced goals.",
      },
      {
        name: "Performance Calibration",
        description:
          "Facilitated calibration sessions and guidelines that bring consistency to ratings across managers, teams and locations.",
      },
      {
        name: "Merit Matrix and Increment Planning",
        description:
          "Merit matrices that combine performance and position-in-range, with increment budget modelling and manager guidelines for the annual cycle.",
      },
      {
        name: "Promotion and Career Frameworks",
        description:
          "Transparent promotion criteria, career paths and promotion increase guidelines that reward growth in capability and scope.",
      },
      {
        name: "Pay Equity Review",
        description:
          "Statistical analysis of pay gaps by gender and other factors, with root-cause findings and a costed remediation plan.",
      },
      {
        name: "Recognition Programmes",
        description:
          "Spot awards, peer recognition and long-service programmes that celebrate the behaviours and results your culture values.",
      },
    ],
    features: [
      "One integrated design across performance, pay, recognition and growth",
      "Merit matrices and increment budgets modelled on your payroll data",
      "Calibration playbooks and facilitation for leadership teams",
      "Pay equity analytics with a costed remediation roadmap",
      "Manager toolkits for performance and pay conversations",
      "Annual review cycle support from budgeting to letters",
    ],
    benefits: [
      "Differentiate rewards for high performers without breaking the budget",
      "Build trust through consistent, explainable pay decisions",
      "Close unexplained pay gaps and reduce legal and reputational risk",
      "Give employees visible paths to grow their careers and earnings",
      "Reinforce the culture and purpose that set your company apart",
    ],
    process: [
      "Discovery and current-state review",
      "Total rewards philosophy and framework",
      "Performance and merit system design",
      "Budget and cost modelling",
      "Manager enablement and communication",
      "Cycle support and annual review",
    ],
    color: SERVICE_GRADIENTS.red.color,
    bgColor: SERVICE_GRADIENTS.red.bgColor,
  },
];
