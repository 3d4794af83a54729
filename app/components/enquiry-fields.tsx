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
  type ContactFieldErrors,
  ENQUIRY_NEWSLETTER_LABEL,
  type EnquiryField,
  type EnquiryFormValues,
} from "~/modules/enquiries/contact-form";
import {
  COMPANY_SIZE_LABELS,
  COMPANY_SIZES,
  INDUSTRIES,
  INDUSTRY_LABELS,
  optionsOf,
  SERVICE_INTEREST_LABELS,
  SERVICE_INTERESTS,
  TIMELINE_LABELS,
  TIMELINES,
} from "~/modules/enquiries/enquiry-options";

/**
 * The enquiry form's visible fields (spec section 9). Required marks and limits come from the
 * enquiry schema through `constraints`, computed by the page's loader (constraintsOf), so the
 * page does not load the schema library to draw the form.
 */
export function EnquiryFields({
  constraints,
  shown,
  errors,
}: {
  constraints: Constraints<EnquiryField>;
  shown: EnquiryFormValues;
  errors: ContactFieldErrors;
}) {
  const field = fieldsFor(constraints, { values: shown, errors });
  return (
    <FieldLookProvider value="site">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First Name" {...field("firstName")} autoComplete="given-name" />
        <TextField label="Last Name" {...field("lastName")} autoComplete="family-name" />
        <TextField label="Email Address" {...field("email")} type="email" autoComplete="email" />
        <TextField label="Company" {...field("company")} autoComplete="organization" />
        <TextField label="Job Title" {...field("title")} autoComplete="organization-title" />
        <TextField label="Phone Number" {...field("phone")} type="tel" autoComplete="tel" />
        <SelectField
          label="Company Size"
          {...field("companySize")}
          placeholder="Select company size"
          options={optionsOf(COMPANY_SIZES, COMPANY_SIZE_LABELS)}
        />
        <SelectField
          label="Industry"
          {...field("industry")}
          placeholder="Select industry"
          options={optionsOf(INDUSTRIES, INDUSTRY_LABELS)}
        />
        <SelectField
          label="Service Interest"
          {...field("service")}
          placeholder="Select a service"
          options={optionsOf(SERVICE_INTERESTS, SERVICE_INTEREST_LABELS)}
        />
        <SelectField
          label="Timeline"
          {...field("timeline")}
          placeholder="Select timeline"
          options={optionsOf(TIMELINES, TIMELINE_LABELS)}
        />
      </div>
      <TextAreaField
        label="Message"
        {...field("message")}
        rows={5}
        placeholder="Tell us about your compensation and benefits challenges"
      />
      <CheckboxField
        label={ENQUIRY_NEWSLETTER_LABEL}
        name="newsletter"
        defaultChecked={shown.newsletter}
      />
    </FieldLookProvider>
  );
}
