import { Form, Link } from "react-router";
import {
  buttonClasses,
  FormError,
  fieldsFor,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/admin/forms";
import { formatDate, Panel } from "~/components/admin/page";
import { DraftBadge, SaveButtons } from "~/components/admin/versions/draft-panel";
import { ConfirmSubmit } from "~/components/ui/confirm-dialog";
import { formatSalary } from "~/lib/salary";
import {
  CAREER_DEPARTMENTS,
  CAREER_STATUS_LABELS,
  CAREER_STATUSES,
  CAREER_TYPES,
  type Career,
  type CareerStatus,
  careerInputSchema,
} from "~/modules/careers/career.schema";
import { postingFields } from "~/modules/careers/posting-fields";

/* The Careers page's views: a posting's card and the add/edit form (the route loads and acts). */

/** The spec's confirmations (section 5). */
export const DELETE_CONFIRMATION = {
  title: "Delete career posting",
  description: "Are you sure you want to delete this career posting?",
  confirmLabel: "Delete",
};
export const CLEAR_CONFIRMATION = {
  title: "Clear all career postings",
  description: "Are you sure you want to delete ALL career postings? This action cannot be undone.",
  confirmLabel: "Delete all",
};

/**
 * The one step a posting's status offers on its card: a draft is published, an active posting
 * closed, a closed one reopened (any status can still be chosen in the edit form).
 */
const NEXT_STATUS: Record<CareerStatus, { status: CareerStatus; label: string }> = {
  draft: { status: "active", label: "Publish" },
  active: { status: "closed", label: "Close" },
  closed: { status: "active", label: "Reopen" },
};

const STATUS_BADGES: Record<CareerStatus, string> = {
  active: "bg-green-100 text-green-900 ring-green-300",
  draft: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  closed: "bg-red-100 text-red-900 ring-red-300",
};

/** The career form's fields as typed (lists as one item per line). */
export type CareerValues = Record<
  | "title"
  | "department"
  | "location"
  | "type"
  | "experience"
  | "salary"
  | "description"
  | "requirements"
  | "responsibilities"
  | "benefits"
  | "status"
  | "closingDate",
  string
>;

export const EMPTY_CAREER_VALUES: CareerValues = {
  title: "",
  department: CAREER_DEPARTMENTS[0],
  location: "",
  type: CAREER_TYPES[0],
  experience: "",
  salary: "",
  description: "",
  requirements: "",
  responsibilities: "",
  benefits: "",
  status: "draft",
  closingDate: "",
};

/**
 * The form's values of a posting: the fields a version keeps (the lists one item per line). An
 * active posting past its closing date is shown (and saved) as closed: to open it again, staff
 * choose Active with a later date.
 */
export const careerValuesOf = (career: Career): CareerValues => postingFields(career);

export function CareerCard({ career, hasDraft }: { career: Career; hasDraft?: boolean }) {
  const next = NEXT_STATUS[career.status];
  return (
    <article
      aria-labelledby={`career-${career.id}`}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`career-${career.id}`} className="text-lg font-semibold text-slate-900">
          {career.title}
        </h2>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_BADGES[career.status]}`}
        >
          {CAREER_STATUS_LABELS[career.status]}
        </span>
      </div>
      {hasDraft ? <DraftBadge /> : null}
      <p className="mt-1 text-sm text-slate-700">
        {career.department} · {career.location} · {career.type}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {career.experience ? (
          <>
            <dt className="text-slate-600">Experience</dt>
            <dd className="text-slate-900">{career.experience}</dd>
          </>
        ) : null}
        {career.salary ? (
          <>
            <dt className="text-slate-600">Salary</dt>
            <dd className="text-slate-900">{formatSalary(career.salary)}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Posted</dt>
        <dd className="text-slate-900">{formatDate(`${career.postedDate}T00:00:00Z`)}</dd>
        {career.closingDate ? (
          <>
            <dt className="text-slate-600">
              {career.closingDatePassed ? "Applications closed" : "Applications close"}
            </dt>
            <dd className="text-slate-900">{formatDate(career.closingDate)}</dd>
          </>
        ) : null}
        <dt className="text-slate-600">Applications</dt>
        <dd className="text-slate-900">
          <Link
            to={`/admin/applications?posting=${encodeURIComponent(career.id)}`}
            className="text-blue-800 underline"
          >
            {career.applications}
            <span className="sr-only"> applications for {career.title}</span>
          </Link>
        </dd>
      </dl>
      <p className="mt-3 line-clamp-3 flex-1 text-sm text-slate-800">{career.description}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={`/admin/careers?edit=${encodeURIComponent(career.id)}`}
          className={buttonClasses.secondary}
        >
          Edit<span className="sr-only"> {career.title}</span>
        </Link>
        <Link
          to={`/admin/seo/posting/${encodeURIComponent(career.id)}`}
          className={buttonClasses.secondary}
        >
          Search and social<span className="sr-only"> of {career.title}</span>
        </Link>
        {/* A plain form post: works without JavaScript, like the rest of the page. */}
        <Form method="post" action="/admin/careers">
          <input type="hidden" name="id" value={career.id} />
          <input type="hidden" name="status" value={next.status} />
          <button
            type="submit"
            name="intent"
            value="status"
            className={next.status === "active" ? buttonClasses.primary : buttonClasses.secondary}
          >
            {next.label}
            <span className="sr-only"> {career.title}</span>
          </button>
        </Form>
        <Form method="post" action="/admin/careers">
          <input type="hidden" name="id" value={career.id} />
          <ConfirmSubmit
            name="intent"
            value="delete"
            className={buttonClasses.dangerOutline}
            aria-label={`Delete ${career.title}`}
            {...DELETE_CONFIRMATION}
          >
            Delete
          </ConfirmSubmit>
        </Form>
      </div>
    </article>
  );
}

export function CareerForm({
  id,
  values,
  errors,
  hasPage = false,
}: {
  id: string;
  values: CareerValues;
  errors: Record<string, string>;
  /**
   * Issue 29: the posting is on the site (active or closed), so "Save draft" can keep the edits
   * off its page until they are published; "Update Position" publishes them.
   */
  hasPage?: boolean;
}) {
  const field = fieldsFor(careerInputSchema, { values, errors });
  return (
    <Panel title={id ? "Edit career posting" : "Add a new position"} className="mb-6">
      <Form method="post" action="/admin/careers" className="space-y-4" noValidate>
        <input type="hidden" name="id" value={id} />
        {Object.keys(errors).length > 0 ? (
          <FormError message="Some fields need attention: see the messages below." />
        ) : null}
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Job title"
            {...field("title")}
            hint={id ? "The posting keeps its web address when the title changes." : undefined}
          />
          <SelectField
            label="Department"
            {...field("department")}
            options={CAREER_DEPARTMENTS.map((value) => ({ value, label: value }))}
          />
          <TextField label="Location" {...field("location")} />
          <SelectField
            label="Employment type"
            {...field("type")}
            options={CAREER_TYPES.map((value) => ({ value, label: value }))}
          />
          <TextField label="Experience" {...field("experience")} placeholder="e.g. 3-5 years" />
          <TextField
            label="Salary"
            {...field("salary")}
            placeholder="e.g. ₹18–24 LPA"
            hint="In rupees: a yearly range in lakhs (18-24 LPA) or a monthly stipend (₹25,000 per month). Leave empty to show none."
          />
          <TextField
            label="Closing date"
            type="date"
            {...field("closingDate")}
            hint="Applications are taken until the end of this day (India time); the posting then closes by itself. Leave empty for no closing date."
          />
          <SelectField
            label="Status"
            {...field("status")}
            hint="Only active postings show on the public site."
            options={CAREER_STATUSES.map((value) => ({
              value,
              label: CAREER_STATUS_LABELS[value],
            }))}
          />
        </div>
        <TextAreaField label="Description" {...field("description")} rows={5} />
        <div className="grid gap-4 lg:grid-cols-3">
          {(
            [
              ["requirements", "Requirements"],
              ["responsibilities", "Responsibilities"],
              ["benefits", "Benefits"],
            ] as const
          ).map(([name, label]) => (
            <TextAreaField
              key={name}
              label={label}
              name={name}
              rows={6}
              defaultValue={values[name]}
              error={
                errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1]
              }
              hint="One per line."
            />
          ))}
        </div>
        {/* Issue 29: "Update Position" publishes; "Save draft" keeps edits off the site. */}
        <SaveButtons
          publishLabel={id ? "Update Position" : "Add Position"}
          withDraft={hasPage}
          cancelHref="/admin/careers"
        />
      </Form>
    </Panel>
  );
}
