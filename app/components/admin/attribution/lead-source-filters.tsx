import { ChoiceFilter } from "~/components/admin/list/list-filters";

/*
 * A list's source and campaign choices (issue 26), inside its GET filter form: works without
 * JavaScript, and the view stays in the URL. A value in the URL that is no longer stored is
 * still offered, so the form shows what the list is filtered by.
 */

export interface LeadSourceChoices {
  sources: string[];
  campaigns: string[];
}

const optionsOf = (values: string[], current: string, all: string) => [
  { value: "", label: all },
  ...(current && !values.includes(current) ? [current, ...values] : values).map((value) => ({
    value,
    label: value,
  })),
];

export function LeadSourceFilters({
  idPrefix,
  choices,
  source,
  campaign,
}: {
  idPrefix: string;
  choices: LeadSourceChoices;
  source: string;
  campaign: string;
}) {
  return (
    <>
      <ChoiceFilter
        id={`${idPrefix}-source`}
        label="Source"
        name="source"
        value={source}
        options={optionsOf(choices.sources, source, "All sources")}
      />
      <ChoiceFilter
        id={`${idPrefix}-campaign`}
        label="Campaign"
        name="campaign"
        value={campaign}
        options={optionsOf(choices.campaigns, campaign, "All campaigns")}
      />
    </>
  );
}
