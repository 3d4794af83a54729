import {
  CheckboxField,
  FieldLookProvider,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/form/fields";
import { fieldsFor } from "~/components/form/form-fields";
import type { Constraints } from "~/lib/form-constraints";
import {
  APPLICATION_LABELS,
  type ApplicationFieldErrors,
  type ApplicationFormValues,
  type ApplicationTextField,
  CONSENT_FIELD,
  CV_POOL_FIELD,
  NOTICE_PERIODS,
} from "~/modules/applications/application-fields";
import { CV_POOL_WORDS } from "~/modules/privacy/purposes";
import { ConsentField, CvField } from "./application-cv-field";
import { PrivacyShortNotice } from "./privacy-short-notice";

/**
 * The application form's visible fields. Required marks and limits come from the application
 * schema through `constraints` (the page's loader computes them), so the page does not load the
 * schema library to draw the form.
 */
export function ApplicationFields({
  constraints,
  shown,
  errors,
  consentText,
  onCvChange,
}: {
  constraints: Constraints<ApplicationTextField>;
  shown: ApplicationFormValues;
  errors: ApplicationFieldErrors;
  consentText: string;
  onCvChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  const field = fieldsFor(constraints, { values: shown, errors });
  const label = APPLICATION_LABELS;
  return (
    <FieldLookProvider value="site">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={label.fullName} {...field("fullName")} autoComplete="name" />
        <TextField label={label.email} {...field("email")} type="email" autoComplete="email" />
        <TextField
          label={label.phone}
          {...field("phone")}
          type="tel"
          autoComplete="tel"
          hint="An Indian number, or any number with its country code (+44 …)."
        />
        <TextField
          label={label.location}
          {...field("location")}
          autoComplete="address-level2"
          placeholder="e.g. New Delhi"
        />
        <SelectField
          label={label.noticePeriod}
          {...field("noticePeriod")}
          placeholder="Select your notice period"
          options={NOTICE_PERIODS.map((period) => ({ value: period, label: period }))}
        />
        <TextField
          label={label.profileUrl}
          {...field("profileUrl")}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://www.linkedin.com/in/your-name"
        />
      </div>
      <TextAreaField
        label={label.coverNote}
        {...field("coverNote")}
        rows={6}
        placeholder="Tell us why this role interests you and what you would bring to it"
      />
      <CvField label={label.cv} error={errors.cv} onChange={onCvChange} />
      <ConsentField
        name={CONSENT_FIELD}
        text={consentText}
        defaultChecked={shown.consent}
        error={errors.consent}
      />
      <CheckboxField label={CV_POOL_WORDS} name={CV_POOL_FIELD} defaultChecked={shown.cvPool} />
      <PrivacyShortNotice form="application" />
    </FieldLookProvider>
  );
}
