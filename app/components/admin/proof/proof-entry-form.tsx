import { Form, Link, useNavigation } from "react-router";
import {
  buttonClasses,
  FormError,
  fieldsFor,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/admin/forms";
import { MediaPicker } from "~/components/admin/media-picker";
import { Panel } from "~/components/admin/page";
import type { MediaChoice } from "~/modules/media/media-choice";
import {
  PROOF_SCHEMAS,
  PROOF_STATUS_LABELS,
  PROOF_STATUSES,
  type ProofKind,
} from "~/modules/proof/proof.schema";
import { base, type EntryValues } from "./proof-collection";
import { PROOF_KIND_VIEWS } from "./proof-kinds";

/*
 * The add/edit form of any kind of social proof: its fields in the order proof-kinds.ts lists
 * them (images through the media picker), then the status. Limits, required marks and messages
 * come from the kind's schema; after a refused post it shows what was typed.
 */

export function ProofEntryForm({
  kind,
  id,
  values,
  errors,
  choices,
}: {
  kind: ProofKind;
  /** "" for a new entry. */
  id: string;
  values: EntryValues;
  errors: Record<string, string>;
  choices: readonly MediaChoice[];
}) {
  const view = PROOF_KIND_VIEWS[kind];
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const field = fieldsFor(PROOF_SCHEMAS[kind], { values, errors }) as (
    name: string,
  ) => ReturnType<ReturnType<typeof fieldsFor>>;
  return (
    <Panel title={id ? `Edit ${view.noun}` : `Add ${view.noun}`} className="mb-6">
      <Form method="post" action={base(kind)} className="space-y-4" noValidate>
        <input type="hidden" name="id" value={id} />
        {Object.keys(errors).length > 0 ? (
          <FormError message="Some fields need attention: see the messages below." />
        ) : null}
        {view.fields.map((spec) => {
          const props = { label: spec.label, hint: spec.hint, placeholder: spec.placeholder };
          if (spec.control === "image") {
            return (
              <MediaPicker
                key={spec.name}
                name={spec.name}
                label={spec.label}
                hint={spec.hint}
                choices={choices}
                defaultValue={values[spec.name] || null}
                error={errors[spec.name]}
              />
            );
          }
          if (spec.control === "textarea") {
            return <TextAreaField key={spec.name} {...props} {...field(spec.name)} rows={4} />;
          }
          return (
            <TextField
              key={spec.name}
              {...props}
              {...field(spec.name)}
              type={spec.control === "url" ? "url" : "text"}
            />
          );
        })}
        <SelectField
          label="Status"
          {...field("status")}
          hint={`Published entries show on ${view.shownOn}; drafts stay here.`}
          options={PROOF_STATUSES.map((value) => ({ value, label: PROOF_STATUS_LABELS[value] }))}
        />
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            name="intent"
            value="save"
            className={buttonClasses.primary}
            disabled={saving}
          >
            {saving ? "Saving..." : id ? `Save ${view.noun}` : `Add ${view.noun}`}
          </button>
          <Link to={base(kind)} className={buttonClasses.secondary}>
            Cancel
          </Link>
        </div>
      </Form>
    </Panel>
  );
}
