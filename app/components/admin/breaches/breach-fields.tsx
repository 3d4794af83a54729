import { type fieldsFor, TextAreaField, TextField } from "~/components/admin/forms";
import type { breachInputSchema } from "~/modules/breaches/breach.schema";

type FieldOf = ReturnType<typeof fieldsFor<typeof breachInputSchema>>;

/** The breach's fields (issue 27, decision 0063): the record form and the breach page's. */
export function BreachFields({ field }: { field: FieldOf }) {
  return (
    <>
      <TextField label="Short name" {...field("title")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Found on (IST)"
          {...field("discoveredAt")}
          required
          type="datetime-local"
          hint="When the firm became aware of it: the 72 hours to the Board's report run from here."
        />
        <TextField
          label="Happened on (IST)"
          {...field("occurredAt")}
          type="datetime-local"
          hint="If known."
        />
      </div>
      <TextAreaField
        label="What happened"
        {...field("whatHappened")}
        hint="Its nature and extent, and where it happened."
      />
      <TextAreaField label="What personal data" {...field("dataAffected")} rows={2} />
      <TextAreaField
        label="Whose data"
        {...field("whoAffected")}
        rows={2}
        hint="In words; add their addresses on the breach's page."
      />
      <TextAreaField label="Likely consequences for them" {...field("consequences")} />
      <TextAreaField label="Measures taken to limit the harm" {...field("mitigation")} />
      <TextAreaField label="What the people affected can do" {...field("safetySteps")} />
      <TextAreaField
        label="Events, circumstances and reasons that led to it"
        {...field("causes")}
      />
      <TextAreaField label="Findings about who caused it" {...field("causedBy")} rows={2} />
      <TextAreaField label="Measures so that it does not happen again" {...field("prevention")} />
    </>
  );
}
